#pragma once
// GPT-2's byte-to-unicode map. Byte-level BPE vocabularies spell every byte as
// a printable character: bytes that are printable Latin-1 stand for themselves,
// the other 68 are shifted to U+0100..U+0143 in byte order (so ' ' is 'Ġ' and
// '\n' is 'Ċ'). The engine works on raw bytes and only uses this map to read and
// print vocabulary strings.
#include <optional>
#include <string>
#include <string_view>

namespace peng::byte_map {

// The code point that spells `byte` in a byte-level vocabulary.
char32_t char_for_byte(unsigned char byte);

// The byte a code point spells, or nothing if it is not in the map.
std::optional<unsigned char> byte_for_char(char32_t cp);

// Raw bytes -> byte-level spelling (UTF-8 encoded).
std::string to_vocab_form(std::string_view bytes);

// Byte-level spelling (valid UTF-8) -> raw bytes. A spelling with any character
// outside the map stands for its own UTF-8 bytes, as in Hugging Face's
// ByteLevel decoder.
std::string from_vocab_form(std::string_view spelling);

}  // namespace peng::byte_map
