#include "text/jinja_unicode.h"

#if defined(__unix__) || defined(__APPLE__)
#include <locale.h>
#include <wctype.h>
#define PENG_HAVE_WCTYPE_L 1
#endif

namespace peng::jinja::unicode {

namespace {

constexpr char32_t kEscapeBase = 0xDC00;  // surrogateescape: bad byte b -> U+DC00+b

char32_t bad_byte(std::string_view s, size_t& pos) {
    return kEscapeBase + static_cast<unsigned char>(s[pos++]);
}

bool continuation(std::string_view s, size_t i) {
    return i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80;
}

#ifdef PENG_HAVE_WCTYPE_L
// Case mapping must not depend on the process locale, so use a private UTF-8 one.
locale_t utf8_locale() {
    static locale_t loc = [] {
        locale_t l = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
        if (!l) l = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", static_cast<locale_t>(0));
        return l;
    }();
    return loc;
}
#endif

char32_t upper_of(char32_t c) {
    if (c < 0x80) return (c >= 'a' && c <= 'z') ? c - 32 : c;
#ifdef PENG_HAVE_WCTYPE_L
    if (locale_t l = utf8_locale()) return static_cast<char32_t>(towupper_l(static_cast<wint_t>(c), l));
#endif
    return c;
}

char32_t lower_of(char32_t c) {
    if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
#ifdef PENG_HAVE_WCTYPE_L
    if (locale_t l = utf8_locale()) return static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), l));
#endif
    return c;
}

}  // namespace

char32_t next(std::string_view s, size_t& pos) {
    unsigned char b0 = static_cast<unsigned char>(s[pos]);
    if (b0 < 0x80) {
        ++pos;
        return b0;
    }
    size_t need = 0;
    char32_t cp = 0, min = 0;
    if ((b0 & 0xE0) == 0xC0) need = 1, cp = b0 & 0x1F, min = 0x80;
    else if ((b0 & 0xF0) == 0xE0) need = 2, cp = b0 & 0x0F, min = 0x800;
    else if ((b0 & 0xF8) == 0xF0) need = 3, cp = b0 & 0x07, min = 0x10000;
    else return bad_byte(s, pos);
    for (size_t k = 1; k <= need; ++k) {
        if (!continuation(s, pos + k)) return bad_byte(s, pos);
        cp = (cp << 6) | (static_cast<unsigned char>(s[pos + k]) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return bad_byte(s, pos);
    pos += need + 1;
    return cp;
}

void append(std::string& out, char32_t cp) {
    if (cp >= kEscapeBase + 0x80 && cp <= kEscapeBase + 0xFF) {
        out.push_back(static_cast<char>(cp - kEscapeBase));
    } else if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        if (cp > 0x10FFFF) cp = 0xFFFD;
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

size_t length(std::string_view s) {
    size_t n = 0, pos = 0;
    while (pos < s.size()) next(s, pos), ++n;
    return n;
}

std::u32string decode(std::string_view s) {
    std::u32string out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) out.push_back(next(s, pos));
    return out;
}

std::string encode(std::u32string_view cps) {
    std::string out;
    out.reserve(cps.size());
    for (char32_t c : cps) append(out, c);
    return out;
}

size_t byte_offset(std::string_view s, size_t index) {
    size_t pos = 0;
    for (size_t i = 0; i < index && pos < s.size(); ++i) next(s, pos);
    return pos;
}

bool is_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 ||
           c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 ||
           c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_line_break(char32_t c) {
    return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || (c >= 0x1C && c <= 0x1E) ||
           c == 0x85 || c == 0x2028 || c == 0x2029;
}

bool is_printable(char32_t c) {
    if (c == ' ') return true;
    if (c < 0x20 || (c >= 0x7F && c <= 0xA0)) return false;  // Cc, and U+00A0 (Zs)
    if (is_space(c)) return false;                              // the other Zs/Zl/Zp
    if (c >= 0xD800 && c <= 0xDFFF) return false;               // surrogates (escaped bytes)
    if (c == 0xAD || (c >= 0x600 && c <= 0x605) || c == 0x61C || c == 0x6DD || c == 0x70F ||
        c == 0x180E || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
        (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x206F) || c == 0xFEFF ||
        (c >= 0xFFF9 && c <= 0xFFFB) || c == 0xE0001 || (c >= 0xE0020 && c <= 0xE007F))
        return false;                                           // Cf (format) characters
    if ((c >= 0xE000 && c <= 0xF8FF) || c >= 0xF0000) return false;  // private use
    if (c == 0xFFFE || c == 0xFFFF) return false;               // noncharacters
    return true;
}

std::string_view strip_spaces(std::string_view s, bool left, bool right) {
    size_t begin = 0, end = s.size();
    if (left) {
        while (begin < end) {
            size_t pos = begin;
            if (!is_space(next(s, pos))) break;
            begin = pos;
        }
    }
    if (right) {
        while (end > begin) {
            size_t start = end - 1;
            while (start > begin && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
            size_t pos = start;
            char32_t c = next(s, pos);
            if (pos != end) {  // invalid tail: the last byte alone is one escaped code point
                start = end - 1;
                pos = start;
                c = next(s, pos);
            }
            if (!is_space(c)) break;
            end = start;
        }
    }
    return s.substr(begin, end - begin);
}

std::string strip_chars(std::string_view s, std::string_view chars, bool left, bool right) {
    std::u32string set = decode(chars), text = decode(s);
    auto in_set = [&](char32_t c) { return set.find(c) != std::u32string::npos; };
    size_t begin = 0, end = text.size();
    if (left) while (begin < end && in_set(text[begin])) ++begin;
    if (right) while (end > begin && in_set(text[end - 1])) --end;
    return encode(std::u32string_view(text).substr(begin, end - begin));
}

// The multi-character mappings of Python's full case conversion that text
// actually meets: German sharp s, the Latin ligatures, and dotted capital I.
const char* special_upper(char32_t c) {
    switch (c) {
        case 0xDF: return "SS";
        case 0xFB00: return "FF";
        case 0xFB01: return "FI";
        case 0xFB02: return "FL";
        case 0xFB03: return "FFI";
        case 0xFB04: return "FFL";
        case 0xFB05:
        case 0xFB06: return "ST";
        default: return nullptr;
    }
}

std::string to_upper(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = next(s, pos);
        if (const char* special = special_upper(c)) out += special;
        else append(out, upper_of(c));
    }
    return out;
}

std::string to_lower(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = next(s, pos);
        if (c == 0x130) out += "i\xCC\x87";  // İ -> i + COMBINING DOT ABOVE
        else append(out, lower_of(c));
    }
    return out;
}

bool is_upper(char32_t c) { return lower_of(c) != c; }
bool is_lower(char32_t c) { return upper_of(c) != c; }
bool is_cased(char32_t c) { return is_upper(c) || is_lower(c); }

std::string title(std::string_view s) {
    std::string out;
    bool previous_cased = false;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = next(s, pos);
        append(out, previous_cased ? lower_of(c) : upper_of(c));
        previous_cased = is_cased(c);
    }
    return out;
}

std::string capitalize(std::string_view s) {
    std::string out;
    size_t pos = 0;
    bool first = true;
    while (pos < s.size()) {
        char32_t c = next(s, pos);
        append(out, first ? upper_of(c) : lower_of(c));
        first = false;
    }
    return out;
}

}  // namespace peng::jinja::unicode
