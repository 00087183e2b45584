#include "text/byte_map.h"

#include <array>

#include "text/utf8.h"

namespace peng::byte_map {

namespace {

bool is_self_spelled(unsigned b) {
    return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
}

struct Tables {
    std::array<char32_t, 256> char_of_byte{};
    std::array<int, 324> byte_of_char{};  // every mapped code point is below U+0144

    Tables() {
        byte_of_char.fill(-1);
        char32_t next_shifted = 0x100;
        for (unsigned b = 0; b < 256; ++b) {
            char32_t cp = is_self_spelled(b) ? b : next_shifted++;
            char_of_byte[b] = cp;
            byte_of_char[cp] = static_cast<int>(b);
        }
    }
};

const Tables& tables() {
    static const Tables t;
    return t;
}

}  // namespace

char32_t char_for_byte(unsigned char byte) { return tables().char_of_byte[byte]; }

std::optional<unsigned char> byte_for_char(char32_t cp) {
    const auto& t = tables();
    if (cp >= t.byte_of_char.size() || t.byte_of_char[cp] < 0) return std::nullopt;
    return static_cast<unsigned char>(t.byte_of_char[cp]);
}

std::string to_vocab_form(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) utf8::append_code_point(out, char_for_byte(static_cast<unsigned char>(c)));
    return out;
}

std::string from_vocab_form(std::string_view spelling) {
    std::string out;
    out.reserve(spelling.size());
    size_t pos = 0;
    while (pos < spelling.size()) {
        auto b = byte_for_char(utf8::next_code_point(spelling, pos));
        if (!b) return std::string(spelling);
        out.push_back(static_cast<char>(*b));
    }
    return out;
}

}  // namespace peng::byte_map
