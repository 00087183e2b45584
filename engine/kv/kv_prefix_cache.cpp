#include "kv/kv_prefix_cache.h"

#include <algorithm>

namespace peng {

void KvPrefixCache::erase(std::list<Entry>::iterator it) {
    bytes_ -= it->bytes;
    by_key_.erase(it->key);
    entries_.erase(it);
}

void KvPrefixCache::evict_to(uint64_t budget) {
    while (bytes_ > budget) erase(std::prev(entries_.end()));
}

const KvSnapshot* KvPrefixCache::find(const std::string& key) const {
    const auto found = by_key_.find(key);
    return found == by_key_.end() ? nullptr : &found->second->snapshot;
}

void KvPrefixCache::erase(const std::string& key) {
    if (auto found = by_key_.find(key); found != by_key_.end()) erase(found->second);
}

void KvPrefixCache::put(const std::string& key, KvSnapshot snapshot) {
    if (auto found = by_key_.find(key); found != by_key_.end()) erase(found->second);
    const uint64_t bytes = snapshot.bytes();
    if (bytes > budget_) return;
    evict_to(budget_ - bytes);
    entries_.push_front({key, std::move(snapshot), bytes});
    by_key_[key] = entries_.begin();
    bytes_ += bytes;
}

KvPrefixCache::Match KvPrefixCache::best_match(const ModelConfig& config, const std::vector<int>& tokens, int limit) {
    auto best = entries_.end();
    int best_point = 0;
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        const int point = best_restore_point(config, it->snapshot, std::min(limit, common_prefix(tokens, it->snapshot.tokens)));
        if (point > best_point) best = it, best_point = point;
    }
    if (best == entries_.end()) return {};
    entries_.splice(entries_.begin(), entries_, best);  // iterators stay valid
    return {&best->snapshot, best->key, best_point};
}

void KvPrefixCache::set_budget(uint64_t budget) {
    budget_ = budget;
    evict_to(budget_);
}

}  // namespace peng
