#pragma once
// The Unicode facts the tokenizer needs beyond UTF-8 itself: the four normalization
// forms and two character classes. ICU provides them on Linux. Windows builds are
// cross-compiled with mingw-w64, for which Debian has no ICU, so there the system's
// NormalizeString and PCRE2's Unicode property tables provide the same answers.
#include <string>
#include <string_view>

namespace peng::detail {

enum class NormalForm { NFC, NFD, NFKC, NFKD };

// `text` is valid UTF-8; returns it in `form`. Throws peng::Error naming the form.
std::string normalize_utf8(std::string_view text, NormalForm form);
// Fails early (peng::Error naming `origin`) when the platform cannot provide `form`.
void check_normal_form_available(NormalForm form, const std::string& origin);

// Unicode White_Space.
bool is_unicode_whitespace(char32_t cp);
// Rust regex's \w, which Hugging Face uses for single_word: alphabetic, marks,
// decimal digits, connector punctuation and the joiners.
bool is_word_char(char32_t cp);

}  // namespace peng::detail
