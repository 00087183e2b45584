#pragma once
// Classic byte-pair-encoding training: repeatedly merge the most frequent
// adjacent pair of symbols in a weighted word list. Ties go to the
// lexicographically smallest pair, so the result never depends on hash order.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace peng::gen {

struct TrainingWord {
    std::vector<std::string> symbols;  // initial symbols (byte-level characters)
    uint64_t weight = 1;               // how often the word occurs
};

// Returns at most max_merges merges, in the order they were learned (the BPE
// priority order). Stops early when every word is a single symbol.
std::vector<std::pair<std::string, std::string>> train_bpe(std::vector<TrainingWord> words, size_t max_merges);

}  // namespace peng::gen
