#include "gen/bpe_trainer.h"

#include <unordered_map>

namespace peng::gen {

namespace {

using Pair = uint64_t;  // (left symbol id << 32) | right symbol id
Pair make_pair_key(uint32_t a, uint32_t b) { return (uint64_t(a) << 32) | b; }

class Trainer {
public:
    explicit Trainer(std::vector<TrainingWord>& source) {
        for (auto& w : source) {
            std::vector<uint32_t> ids;
            for (auto& s : w.symbols) ids.push_back(intern(s));
            words_.push_back(std::move(ids));
            weights_.push_back(w.weight);
        }
        visited_.assign(words_.size(), 0);
        for (size_t i = 0; i < words_.size(); ++i) count_word(i, +1);
    }

    std::vector<std::pair<std::string, std::string>> run(size_t max_merges) {
        std::vector<std::pair<std::string, std::string>> merges;
        while (merges.size() < max_merges) {
            Pair best = 0;
            int64_t best_count = 0;
            for (const auto& [pair, count] : counts_)
                if (count > best_count || (count == best_count && count > 0 && smaller(pair, best))) {
                    best = pair;
                    best_count = count;
                }
            if (best_count <= 0) break;
            const uint32_t a = uint32_t(best >> 32), b = uint32_t(best & 0xFFFFFFFFu);
            merges.emplace_back(symbols_[a], symbols_[b]);
            apply(best, a, b, intern(symbols_[a] + symbols_[b]));
        }
        return merges;
    }

private:
    uint32_t intern(const std::string& s) {
        auto [it, added] = ids_.emplace(s, uint32_t(symbols_.size()));
        if (added) symbols_.push_back(s);
        return it->second;
    }

    bool smaller(Pair x, Pair y) const {
        const auto& xa = symbols_[x >> 32];
        const auto& ya = symbols_[y >> 32];
        if (xa != ya) return xa < ya;
        return symbols_[x & 0xFFFFFFFFu] < symbols_[y & 0xFFFFFFFFu];
    }

    void count_word(size_t w, int sign) {
        const auto& ids = words_[w];
        for (size_t i = 0; i + 1 < ids.size(); ++i) {
            const Pair p = make_pair_key(ids[i], ids[i + 1]);
            int64_t& c = counts_[p];
            c += sign * int64_t(weights_[w]);
            if (sign > 0) where_[p].push_back(uint32_t(w));
            if (c <= 0) counts_.erase(p);
        }
    }

    void apply(Pair pair, uint32_t a, uint32_t b, uint32_t merged) {
        ++stamp_;
        const std::vector<uint32_t> candidates = std::move(where_[pair]);
        where_.erase(pair);
        for (uint32_t w : candidates) {
            if (visited_[w] == stamp_) continue;  // listed once per occurrence
            visited_[w] = stamp_;
            auto& ids = words_[w];
            bool present = false;
            for (size_t i = 0; i + 1 < ids.size(); ++i) present |= ids[i] == a && ids[i + 1] == b;
            if (!present) continue;  // stale entry
            count_word(w, -1);
            std::vector<uint32_t> out;
            for (size_t i = 0; i < ids.size(); ++i) {
                if (i + 1 < ids.size() && ids[i] == a && ids[i + 1] == b) {
                    out.push_back(merged);
                    ++i;
                } else {
                    out.push_back(ids[i]);
                }
            }
            ids = std::move(out);
            count_word(w, +1);
        }
    }

    std::vector<std::vector<uint32_t>> words_;
    std::vector<uint64_t> weights_;
    std::vector<std::string> symbols_;
    std::unordered_map<std::string, uint32_t> ids_;
    std::unordered_map<Pair, int64_t> counts_;
    std::unordered_map<Pair, std::vector<uint32_t>> where_;
    std::vector<uint32_t> visited_;
    uint32_t stamp_ = 0;
};

}  // namespace

std::vector<std::pair<std::string, std::string>> train_bpe(std::vector<TrainingWord> words, size_t max_merges) {
    return Trainer(words).run(max_merges);
}

}  // namespace peng::gen
