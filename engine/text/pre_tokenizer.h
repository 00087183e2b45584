#pragma once
// The pre-tokenizer of a byte-level tokenizer.json: a chain of steps, each
// splitting every piece the previous step produced. Supported steps are
// Split (regex or literal pattern, every Hugging Face split behaviour, invert)
// and ByteLevel (optional prefix space, optional GPT-2 regex split); a Sequence
// is flattened into the chain. The byte-to-unicode mapping ByteLevel also
// implies is not done here: the BPE model works on raw bytes directly.
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace peng::detail {

class PreTokenizerStep {
public:
    virtual ~PreTokenizerStep() = default;
    virtual void split(std::string_view piece,
                       const std::function<void(std::string_view)>& emit) const = 0;
};

class PreTokenizer {
public:
    // Builds the chain from the "pre_tokenizer" field. Throws peng::Error naming
    // `origin` for unsupported types, and when no ByteLevel step is present
    // (only byte-level BPE is implemented).
    PreTokenizer(const nlohmann::json& spec, const std::string& origin);

    // Calls emit for each non-empty pre-token of `text` (valid UTF-8), in order.
    void split(std::string_view text, const std::function<void(std::string_view)>& emit) const;

private:
    void run(size_t step, std::string_view piece,
             const std::function<void(std::string_view)>& emit) const;
    std::vector<std::unique_ptr<PreTokenizerStep>> steps_;
};

}  // namespace peng::detail
