#pragma once
// UTF-8 helpers for the tokenizer: validation with the offending offset,
// the lossy repair Hugging Face applies when decoding bytes to text, and the
// "how much of this buffer is complete" question a streaming decoder asks.
#include <cstddef>
#include <string>
#include <string_view>

namespace peng::utf8 {

// Length of the valid UTF-8 sequence starting at text[pos] (1..4), or 0 when the
// bytes there are not a complete, well-formed sequence (overlong forms,
// surrogates and code points above U+10FFFF are ill-formed).
size_t valid_sequence_length(std::string_view text, size_t pos);

// Offset of the first byte that is not part of well-formed UTF-8, or npos.
size_t first_invalid_byte(std::string_view text);

// Length of the maximal prefix of text[pos..] that could still start a valid
// sequence (Unicode's "maximal subpart"): at least 1 for any byte.
size_t maximal_subpart_length(std::string_view text, size_t pos);

// Appends `bytes` to `out`, replacing each maximal ill-formed subpart with
// U+FFFD, the same repair as Rust's String::from_utf8_lossy.
void append_lossy(std::string& out, std::string_view bytes);

// Length of the longest prefix of `bytes` after which the remaining tail is an
// incomplete but so-far valid sequence (which more bytes could complete).
// Everything before that point can be emitted without splitting a character.
size_t complete_prefix_length(std::string_view bytes);

// Decodes the code point at text[pos] of known-valid UTF-8; advances pos.
char32_t next_code_point(std::string_view text, size_t& pos);

// Decodes the code point that ends just before text[end] of known-valid UTF-8.
char32_t previous_code_point(std::string_view text, size_t end);

// Appends the UTF-8 encoding of a valid code point.
void append_code_point(std::string& out, char32_t cp);

}  // namespace peng::utf8
