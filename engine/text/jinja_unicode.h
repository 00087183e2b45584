#pragma once
// Python str semantics over UTF-8 bytes, for the Jinja interpreter: Python counts,
// indexes and strips by code point, and its notion of whitespace is Unicode-wide.
// Invalid UTF-8 never throws: each bad byte decodes to U+DC80+byte (Python's
// "surrogateescape") and encodes back to the same byte, so data round-trips.
#include <string>
#include <string_view>

namespace peng::jinja::unicode {

// Decodes the code point at `pos` and advances `pos` past it.
char32_t next(std::string_view s, size_t& pos);
void append(std::string& out, char32_t cp);

size_t length(std::string_view s);                       // in code points
std::u32string decode(std::string_view s);
std::string encode(std::u32string_view cps);

// Byte offset of code point `index` (clamped to the end).
size_t byte_offset(std::string_view s, size_t index);

bool is_space(char32_t c);   // str.isspace()
bool is_line_break(char32_t c);  // the separators str.splitlines() uses
bool is_printable(char32_t c);   // str.isprintable(), approximated without the full table

std::string_view strip_spaces(std::string_view s, bool left, bool right);
// str.strip(chars): strips any code point that occurs in `chars`.
std::string strip_chars(std::string_view s, std::string_view chars, bool left, bool right);

// Simple (one-to-one) Unicode case mapping; Python's multi-character mappings
// such as "ß".upper() == "SS" are not applied.
std::string to_upper(std::string_view s);
std::string to_lower(std::string_view s);
std::string title(std::string_view s);        // str.title()
std::string capitalize(std::string_view s);   // str.capitalize()
bool is_cased(char32_t c);
bool is_upper(char32_t c);
bool is_lower(char32_t c);

}  // namespace peng::jinja::unicode
