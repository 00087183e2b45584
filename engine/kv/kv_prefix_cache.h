#pragma once
// Snapshots kept in RAM by conversation key, so switching back to a conversation, a
// regenerate or an edit resumes without prefill. Least recently used out first,
// within a byte budget.
#include <cstdint>
#include <list>
#include <string>
#include <unordered_map>

#include "kv/kv_snapshot.h"

namespace peng {

class KvPrefixCache {
public:
    explicit KvPrefixCache(uint64_t byte_budget) : budget_(byte_budget) {}

    // Replaces the key's entry (the old one goes even when the new one is not kept);
    // a snapshot over the whole budget is not kept. Evicts the least recently used.
    void put(const std::string& key, KvSnapshot snapshot);
    // The entry whose tokens give the best restore point for `tokens` (<= limit); the
    // pointer lives until the next put() or set_budget(). Touches the entry (LRU).
    struct Match {
        const KvSnapshot* snapshot = nullptr;
        std::string key;
        int point = 0;
    };
    Match best_match(const ModelConfig& config, const std::vector<int>& tokens, int limit);

    // The key's entry, or null; does not touch it. Lives until the next put() or set_budget().
    const KvSnapshot* find(const std::string& key) const;
    void erase(const std::string& key);

    uint64_t bytes() const { return bytes_; }
    size_t size() const { return entries_.size(); }
    uint64_t budget() const { return budget_; }
    void set_budget(uint64_t budget);  // evicts down to it

private:
    struct Entry {
        std::string key;
        KvSnapshot snapshot;
        uint64_t bytes;
    };
    void erase(std::list<Entry>::iterator it);
    void evict_to(uint64_t budget);

    uint64_t budget_, bytes_ = 0;
    std::list<Entry> entries_;  // most recently used first
    std::unordered_map<std::string, std::list<Entry>::iterator> by_key_;
};

}  // namespace peng
