#pragma once
// Added (special) tokens are cut out of the text before anything else sees it,
// so "<|im_end|>" inside a message is always one token and never BPE pieces.
// Matching is leftmost, then longest (like Hugging Face's Aho-Corasick), and
// honours the single_word, lstrip and rstrip flags.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace peng::detail {

struct AddedToken {
    int id = 0;
    std::string content;
    bool single_word = false;
    bool lstrip = false;
    bool rstrip = false;
    bool normalized = false;  // matched against normalized text rather than the raw input
    bool special = false;
};

class AddedTokenMatcher {
public:
    AddedTokenMatcher() = default;
    explicit AddedTokenMatcher(std::vector<AddedToken> tokens);

    bool empty() const { return tokens_.empty(); }

    // Walks `text` (valid UTF-8) in order: on_text for each stretch between
    // matches (never empty), on_token for each matched token.
    void split(std::string_view text, const std::function<void(std::string_view)>& on_text,
               const std::function<void(int)>& on_token) const;

private:
    std::vector<AddedToken> tokens_;
    // Indices into tokens_ by first byte, longest content first.
    std::vector<std::vector<size_t>> by_first_byte_ = std::vector<std::vector<size_t>>(256);
};

}  // namespace peng::detail
