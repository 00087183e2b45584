#pragma once
// An embedded frequency-ordered list of common English words, from which the
// demo tokenizer learns its merges so that random model output reads as words.
#include <string_view>

namespace peng::gen {

// Lowercase words separated by single spaces, most frequent first.
std::string_view common_english_words();

}  // namespace peng::gen
