#include "gen/byte_level_alphabet.h"

namespace peng::gen {

namespace {

bool prints_as_itself(int b) { return (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255); }

std::string utf8(uint32_t cp) {
    std::string s;
    if (cp < 0x80) {
        s += char(cp);
    } else if (cp < 0x800) {
        s += char(0xC0 | (cp >> 6));
        s += char(0x80 | (cp & 0x3F));
    } else {
        s += char(0xE0 | (cp >> 12));
        s += char(0x80 | ((cp >> 6) & 0x3F));
        s += char(0x80 | (cp & 0x3F));
    }
    return s;
}

}  // namespace

const std::array<std::string, 256>& byte_level_chars() {
    static const std::array<std::string, 256> chars = [] {
        std::array<std::string, 256> out;
        uint32_t next = 256;
        for (int b = 0; b < 256; ++b) out[b] = utf8(prints_as_itself(b) ? uint32_t(b) : next++);
        return out;
    }();
    return chars;
}

const std::array<uint8_t, 256>& byte_level_vocab_order() {
    static const std::array<uint8_t, 256> order = [] {
        std::array<uint8_t, 256> out{};
        int i = 0;
        for (int b = 0; b < 256; ++b)
            if (prints_as_itself(b)) out[i++] = uint8_t(b);
        for (int b = 0; b < 256; ++b)
            if (!prints_as_itself(b)) out[i++] = uint8_t(b);
        return out;
    }();
    return order;
}

std::string to_byte_level(const std::string& text) {
    std::string out;
    for (unsigned char c : text) out += byte_level_chars()[c];
    return out;
}

}  // namespace peng::gen
