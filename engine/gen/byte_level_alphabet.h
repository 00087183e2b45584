#pragma once
// GPT-2's byte-to-unicode map, used by byte-level BPE vocabularies (Qwen2, MiMo):
// every byte becomes one printable character, so vocab entries and merges are
// plain strings. Printable Latin-1 bytes map to themselves; the other 68 bytes
// map to U+0100 upwards in byte order.
#include <array>
#include <cstdint>
#include <string>

namespace peng::gen {

// UTF-8 of the character that stands for each byte.
const std::array<std::string, 256>& byte_level_chars();

// The bytes in vocabulary order: printable ones first (so id 0 is '!'), then the
// remapped ones, as GPT-2 and Qwen2 number them.
const std::array<uint8_t, 256>& byte_level_vocab_order();

// Maps every byte of `text` through byte_level_chars().
std::string to_byte_level(const std::string& text);

}  // namespace peng::gen
