#include "text/utf8.h"

namespace peng::utf8 {

namespace {

// Valid range of the second byte for each lead byte (Unicode Table 3-7); the
// third and fourth bytes are always 0x80..0xBF.
struct LeadInfo {
    int length;  // 0: never valid as a lead byte
    unsigned char second_lo, second_hi;
};

LeadInfo lead_info(unsigned char b) {
    if (b < 0x80) return {1, 0, 0};
    if (b < 0xC2) return {0, 0, 0};
    if (b < 0xE0) return {2, 0x80, 0xBF};
    if (b == 0xE0) return {3, 0xA0, 0xBF};
    if (b == 0xED) return {3, 0x80, 0x9F};  // excludes surrogates
    if (b < 0xF0) return {3, 0x80, 0xBF};
    if (b == 0xF0) return {4, 0x90, 0xBF};
    if (b < 0xF4) return {4, 0x80, 0xBF};
    if (b == 0xF4) return {4, 0x80, 0x8F};  // stops at U+10FFFF
    return {0, 0, 0};
}

// Number of bytes of text[pos..] that match a valid sequence so far (stops at
// the first byte that breaks it or at the end of text); also returns the
// sequence length the lead byte asks for.
size_t matched_prefix(std::string_view text, size_t pos, int& wanted) {
    auto lead = lead_info(static_cast<unsigned char>(text[pos]));
    wanted = lead.length;
    if (lead.length <= 1) return lead.length;
    size_t matched = 1;
    for (int i = 1; i < lead.length && pos + i < text.size(); ++i) {
        auto b = static_cast<unsigned char>(text[pos + i]);
        unsigned char lo = i == 1 ? lead.second_lo : 0x80;
        unsigned char hi = i == 1 ? lead.second_hi : 0xBF;
        if (b < lo || b > hi) break;
        ++matched;
    }
    return matched;
}

}  // namespace

size_t valid_sequence_length(std::string_view text, size_t pos) {
    int wanted = 0;
    size_t matched = matched_prefix(text, pos, wanted);
    return matched == static_cast<size_t>(wanted) ? matched : 0;
}

size_t first_invalid_byte(std::string_view text) {
    size_t pos = 0;
    while (pos < text.size()) {
        if (static_cast<unsigned char>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        size_t n = valid_sequence_length(text, pos);
        if (n == 0) return pos;
        pos += n;
    }
    return std::string_view::npos;
}

size_t maximal_subpart_length(std::string_view text, size_t pos) {
    int wanted = 0;
    size_t matched = matched_prefix(text, pos, wanted);
    return matched == 0 ? 1 : matched;
}

void append_lossy(std::string& out, std::string_view bytes) {
    size_t pos = 0;
    while (pos < bytes.size()) {
        size_t start = pos;
        while (pos < bytes.size()) {
            if (static_cast<unsigned char>(bytes[pos]) < 0x80) {
                ++pos;
                continue;
            }
            size_t n = valid_sequence_length(bytes, pos);
            if (n == 0) break;
            pos += n;
        }
        out.append(bytes.substr(start, pos - start));
        if (pos < bytes.size()) {
            out.append("\xEF\xBF\xBD");
            pos += maximal_subpart_length(bytes, pos);
        }
    }
}

size_t complete_prefix_length(std::string_view bytes) {
    // An incomplete sequence is at most 3 bytes long, so only the tail matters.
    size_t tail_start = bytes.size() > 3 ? bytes.size() - 3 : 0;
    for (size_t pos = tail_start; pos < bytes.size(); ++pos) {
        int wanted = 0;
        size_t matched = matched_prefix(bytes, pos, wanted);
        if (wanted > 1 && matched == bytes.size() - pos && matched < static_cast<size_t>(wanted))
            return pos;
    }
    return bytes.size();
}

char32_t next_code_point(std::string_view text, size_t& pos) {
    auto b0 = static_cast<unsigned char>(text[pos]);
    if (b0 < 0x80) {
        ++pos;
        return b0;
    }
    int n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2;
    char32_t cp = b0 & (0x7F >> n);
    for (int i = 1; i < n; ++i) cp = (cp << 6) | (static_cast<unsigned char>(text[pos + i]) & 0x3F);
    pos += n;
    return cp;
}

char32_t previous_code_point(std::string_view text, size_t end) {
    size_t start = end - 1;
    while (start > 0 && (static_cast<unsigned char>(text[start]) & 0xC0) == 0x80) --start;
    return next_code_point(text, start);
}

void append_code_point(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

}  // namespace peng::utf8
