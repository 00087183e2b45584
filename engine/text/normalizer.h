#pragma once
// Unicode normalizers a tokenizer.json may declare (NFC, NFD, NFKC, NFKD and
// Sequences of them), on the platform's Unicode services (text/unicode_services.h).
// Any other normalizer is refused when the file is loaded: silently skipping one
// would change token ids.
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace peng::detail {

class Normalizer {
public:
    virtual ~Normalizer() = default;
    // `text` is valid UTF-8; the result is too.
    virtual std::string apply(std::string_view text) const = 0;
};

// Builds the normalizer described by the "normalizer" field (null -> nullptr).
// Throws peng::Error naming `origin` for a type it does not implement.
std::unique_ptr<Normalizer> make_normalizer(const nlohmann::json& spec, const std::string& origin);

}  // namespace peng::detail
