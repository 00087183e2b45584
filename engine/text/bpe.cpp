#include "text/bpe.h"

#include <cstdio>
#include <queue>

#include "util/error.h"

namespace peng::detail {

namespace {

uint64_t pair_key(int left, int right) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) | static_cast<uint32_t>(right);
}

}  // namespace

MergeTable::MergeTable(const std::vector<Merge>& merges) {
    size_t capacity = 16;
    shift_ = 60;
    while (capacity < merges.size() * 2) {
        capacity *= 2;
        --shift_;
    }
    slots_.assign(capacity, Slot{kEmpty, {}});
    for (size_t rank = 0; rank < merges.size(); ++rank) {
        const Merge& m = merges[rank];
        uint64_t key = pair_key(m.left, m.right);
        size_t i = slot_of(key);
        while (slots_[i].key != kEmpty && slots_[i].key != key) i = (i + 1) & (slots_.size() - 1);
        // A pair listed twice keeps its last rank, as in Hugging Face's loader.
        slots_[i] = Slot{key, Rule{static_cast<uint32_t>(rank), m.merged}};
    }
}

size_t MergeTable::slot_of(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
}

const MergeTable::Rule* MergeTable::find(int left, int right) const {
    uint64_t key = pair_key(left, right);
    for (size_t i = slot_of(key);; i = (i + 1) & (slots_.size() - 1)) {
        if (slots_[i].key == key) return &slots_[i].rule;
        if (slots_[i].key == kEmpty) return nullptr;
    }
}

BpeModel::BpeModel(BpeConfig config, std::string origin)
    : ids_by_bytes_(std::move(config.ids_by_bytes)),
      merges_(config.merges),
      unk_id_(config.unk_id),
      fuse_unk_(config.fuse_unk),
      ignore_merges_(config.ignore_merges),
      origin_(std::move(origin)) {
    for (int b = 0; b < 256; ++b) {
        auto it = ids_by_bytes_.find(std::string(1, static_cast<char>(b)));
        byte_ids_[b] = it == ids_by_bytes_.end() ? -1 : it->second;
    }
}

void BpeModel::encode_word(std::string_view word, std::vector<int>& out) const {
    if (word.empty()) return;
    if (ignore_merges_) {
        auto it = ids_by_bytes_.find(std::string(word));
        if (it != ids_by_bytes_.end()) {
            out.push_back(it->second);
            return;
        }
    }
    if (word.size() > kCacheMaxWordBytes) {
        merge_word(word, out);
        return;
    }
    std::string key(word);
    {
        std::lock_guard lock(cache_mutex_);
        auto it = cache_.find(key);
        if (it != cache_.end()) {
            out.insert(out.end(), it->second.begin(), it->second.end());
            return;
        }
    }
    size_t first = out.size();
    merge_word(word, out);
    std::vector<int> ids(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
    std::lock_guard lock(cache_mutex_);
    if (cache_.size() >= kCacheCapacity) cache_.clear();
    cache_.emplace(std::move(key), std::move(ids));
}

void BpeModel::merge_word(std::string_view word, std::vector<int>& out) const {
    // Symbols form a doubly linked list over the word; merging absorbs the right
    // neighbour into the left one. id -1 marks an absorbed symbol.
    struct Symbol {
        int id, prev, next;
    };
    struct Candidate {
        uint32_t rank;
        int pos;
        int merged;
        bool operator>(const Candidate& o) const {
            return rank != o.rank ? rank > o.rank : pos > o.pos;
        }
    };

    std::vector<Symbol> symbols;
    symbols.reserve(word.size());
    for (unsigned char b : word) {
        int id = byte_ids_[b];
        if (id < 0) {
            if (!unk_id_) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "0x%02X", b);
                throw Error(origin_ + ": the vocabulary has no token for byte " + hex +
                            " and the model declares no unk_token");
            }
            if (fuse_unk_ && !symbols.empty() && symbols.back().id == *unk_id_) continue;
            id = *unk_id_;
        }
        int pos = static_cast<int>(symbols.size());
        symbols.push_back({id, pos - 1, -1});
        if (pos > 0) symbols[pos - 1].next = pos;
    }

    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
    auto consider = [&](int pos) {
        int next = symbols[pos].next;
        if (next < 0) return;
        if (const auto* rule = merges_.find(symbols[pos].id, symbols[next].id))
            queue.push({rule->rank, pos, rule->merged});
    };
    for (int pos = 0; pos + 1 < static_cast<int>(symbols.size()); ++pos) consider(pos);

    while (!queue.empty()) {
        Candidate top = queue.top();
        queue.pop();
        Symbol& left = symbols[top.pos];
        if (left.id < 0 || left.next < 0) continue;
        // Skip candidates made stale by an earlier merge of either symbol.
        const auto* rule = merges_.find(left.id, symbols[left.next].id);
        if (!rule || rule->merged != top.merged) continue;
        Symbol& right = symbols[left.next];
        left.id = top.merged;
        left.next = right.next;
        if (right.next >= 0) symbols[right.next].prev = top.pos;
        right.id = -1;
        if (left.prev >= 0) consider(left.prev);
        consider(top.pos);
    }

    for (int pos = symbols.empty() ? -1 : 0; pos >= 0; pos = symbols[pos].next)
        out.push_back(symbols[pos].id);
}

}  // namespace peng::detail
