// Unicode services on Windows (see unicode_services.h): normalization by the
// system's NormalizeString (UTF-16), character classes by PCRE2's property tables,
// which the tokenizer's pre-tokenizer already relies on.
#ifdef _WIN32
#define PCRE2_CODE_UNIT_WIDTH 8
#include <windows.h>
#include <winnls.h>
#include <pcre2.h>

#include <memory>

#include "platform/windows_text.h"
#include "text/unicode_services.h"
#include "text/utf8.h"
#include "util/error.h"

namespace peng::detail {

namespace {

NORM_FORM system_form(NormalForm form) {
    switch (form) {
        case NormalForm::NFC: return NormalizationC;
        case NormalForm::NFD: return NormalizationD;
        case NormalForm::NFKC: return NormalizationKC;
        case NormalForm::NFKD: return NormalizationKD;
    }
    return NormalizationC;
}

// A one-character class compiled once, matched against one code point.
class CharClass {
public:
    explicit CharClass(const char* pattern) {
        int error = 0;
        PCRE2_SIZE offset = 0;
        code_ = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern), PCRE2_ZERO_TERMINATED,
                              PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_NO_UTF_CHECK, &error, &offset, nullptr);
        if (!code_) throw Error(std::string("PCRE2 cannot compile the character class ") + pattern);
    }
    ~CharClass() { pcre2_code_free(code_); }
    bool contains(char32_t cp) const {
        std::string one;
        utf8::append_code_point(one, cp);
        std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> match(
            pcre2_match_data_create_from_pattern(code_, nullptr), &pcre2_match_data_free);
        return pcre2_match(code_, reinterpret_cast<PCRE2_SPTR>(one.data()), one.size(), 0, PCRE2_NO_UTF_CHECK,
                           match.get(), nullptr) >= 0;
    }

private:
    pcre2_code* code_ = nullptr;
};

}  // namespace

void check_normal_form_available(NormalForm form, const std::string& origin) {
    const wchar_t probe[] = L"e\u0301";
    if (NormalizeString(system_form(form), probe, 2, nullptr, 0) <= 0)
        throw Error(origin + ": Windows cannot normalize text (NormalizeString error " +
                    std::to_string(GetLastError()) + ")");
}

std::string normalize_utf8(std::string_view text, NormalForm form) {
    if (text.empty()) return {};
    const std::wstring wide = utf8_to_wide(text);
    if (wide.empty()) throw Error("normalization: the text is not valid UTF-8");
    const NORM_FORM f = system_form(form);
    // The first call estimates; a longer result asks for another pass (documented API).
    int size = NormalizeString(f, wide.data(), int(wide.size()), nullptr, 0);
    for (int attempt = 0; attempt < 8 && size > 0; ++attempt) {
        std::wstring out(size_t(size), L'\0');
        const int got = NormalizeString(f, wide.data(), int(wide.size()), out.data(), size);
        if (got > 0) {
            out.resize(size_t(got));
            return wide_to_utf8(out);
        }
        if (GetLastError() != ERROR_INSUFFICIENT_BUFFER) break;
        size = -got;
    }
    throw Error("Unicode normalization failed (NormalizeString error " + std::to_string(GetLastError()) + ")");
}

bool is_unicode_whitespace(char32_t cp) {
    static const CharClass white_space("[\\p{White_Space}]");
    return white_space.contains(cp);
}

bool is_word_char(char32_t cp) {
    static const CharClass word("[\\p{Alphabetic}\\p{Join_Control}\\p{M}\\p{Nd}\\p{Pc}]");
    return word.contains(cp);
}

}  // namespace peng::detail
#endif
