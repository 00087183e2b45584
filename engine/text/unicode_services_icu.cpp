// Unicode services from ICU (every platform but Windows; see unicode_services.h).
#ifndef _WIN32
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>

#include "text/unicode_services.h"
#include "util/error.h"

namespace peng::detail {

namespace {

const char* form_name(NormalForm form) {
    switch (form) {
        case NormalForm::NFC: return "NFC";
        case NormalForm::NFD: return "NFD";
        case NormalForm::NFKC: return "NFKC";
        case NormalForm::NFKD: return "NFKD";
    }
    return "?";
}

const icu::Normalizer2* instance(NormalForm form, UErrorCode& status) {
    switch (form) {
        case NormalForm::NFC: return icu::Normalizer2::getNFCInstance(status);
        case NormalForm::NFD: return icu::Normalizer2::getNFDInstance(status);
        case NormalForm::NFKC: return icu::Normalizer2::getNFKCInstance(status);
        case NormalForm::NFKD: return icu::Normalizer2::getNFKDInstance(status);
    }
    return nullptr;
}

}  // namespace

void check_normal_form_available(NormalForm form, const std::string& origin) {
    UErrorCode status = U_ZERO_ERROR;
    if (!instance(form, status) || U_FAILURE(status))
        throw Error(origin + ": ICU could not provide the " + form_name(form) + " normalizer (" +
                    u_errorName(status) + ")");
}

std::string normalize_utf8(std::string_view text, NormalForm form) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* normalizer = instance(form, status);
    icu::StringPiece piece(text.data(), static_cast<int32_t>(text.size()));
    if (U_SUCCESS(status) && normalizer->isNormalizedUTF8(piece, status) && U_SUCCESS(status))
        return std::string(text);
    status = U_ZERO_ERROR;
    std::string out;
    out.reserve(text.size());
    icu::StringByteSink<std::string> sink(&out);
    if (normalizer) normalizer->normalizeUTF8(0, piece, sink, nullptr, status);
    if (!normalizer || U_FAILURE(status))
        throw Error(std::string(form_name(form)) + " normalization failed: " + u_errorName(status));
    return out;
}

bool is_unicode_whitespace(char32_t cp) {
    return u_hasBinaryProperty(static_cast<UChar32>(cp), UCHAR_WHITE_SPACE);
}

bool is_word_char(char32_t cp) {
    auto c = static_cast<UChar32>(cp);
    if (u_hasBinaryProperty(c, UCHAR_ALPHABETIC) || u_hasBinaryProperty(c, UCHAR_JOIN_CONTROL)) return true;
    int32_t mask = U_GET_GC_MASK(c);
    return (mask & (U_GC_M_MASK | U_GC_ND_MASK | U_GC_PC_MASK)) != 0;
}

}  // namespace peng::detail
#endif
