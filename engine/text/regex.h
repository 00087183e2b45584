#pragma once
// A PCRE2 pattern compiled for UTF-8 with Unicode properties (PCRE2_UTF |
// PCRE2_UCP) and JIT-compiled when the platform allows. Used by the
// pre-tokenizer to find splits; the subject must already be valid UTF-8.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace peng::detail {

class Regex {
public:
    // `literal` compiles the pattern as a plain string. Throws peng::Error
    // naming `origin` and the offset PCRE2 complains about.
    Regex(const std::string& pattern, bool literal, const std::string& origin);
    ~Regex();
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;

    // Calls on_match(start, end) for each successive non-empty match, left to
    // right (an empty match moves the search on by one character). Thread-safe.
    void for_each_match(std::string_view subject,
                        const std::function<void(size_t, size_t)>& on_match) const;

private:
    void* code_;  // pcre2_code_8*, kept out of the header
    bool jit_ = false;
    std::string origin_;
};

}  // namespace peng::detail
