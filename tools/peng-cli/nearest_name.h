#pragma once
// "did you mean --context?": the candidate closest to a mistyped word, for unknown
// flags and commands (CLI11 2.1 reports them but suggests nothing).
#include <string>
#include <vector>

namespace peng::cli {

// The candidate fewest single-character edits (insert, delete, replace, swap of two
// neighbours) away from `word`, if it is close enough to be a plausible typo:
// at most a third of its length, and at least 1 and at most 3 edits. "" when none is.
std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace peng::cli
