#pragma once
// The BPE model of a byte-level tokenizer: turns one pre-token (raw bytes) into
// token ids by applying merges lowest rank first, leftmost first on ties, the
// order Hugging Face's `tokenizers` uses. Pairs are looked up in an
// open-addressing table keyed by the two ids; whole pre-tokens are cached
// because natural text repeats the same words over and over.
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace peng::detail {

struct Merge {
    int left, right, merged;
};

struct BpeConfig {
    std::unordered_map<std::string, int> ids_by_bytes;  // model vocab, keyed by raw bytes
    std::vector<Merge> merges;                           // in rank order
    std::optional<int> unk_id;
    bool fuse_unk = false;
    bool ignore_merges = false;  // a pre-token that is itself in the vocab skips the merges
};

class MergeTable {
public:
    struct Rule {
        uint32_t rank;
        int merged;
    };
    explicit MergeTable(const std::vector<Merge>& merges);
    const Rule* find(int left, int right) const;

private:
    struct Slot {
        uint64_t key;
        Rule rule;
    };
    static constexpr uint64_t kEmpty = ~uint64_t{0};
    size_t slot_of(uint64_t key) const;
    std::vector<Slot> slots_;
    int shift_ = 64;
};

class BpeModel {
public:
    // `origin` names the tokenizer file in error messages.
    BpeModel(BpeConfig config, std::string origin);

    // Appends the ids of one pre-token. Thread-safe.
    void encode_word(std::string_view word, std::vector<int>& out) const;

private:
    void merge_word(std::string_view word, std::vector<int>& out) const;

    std::unordered_map<std::string, int> ids_by_bytes_;
    MergeTable merges_;
    int byte_ids_[256];  // id of each single-byte token, -1 if the vocab lacks it
    std::optional<int> unk_id_;
    bool fuse_unk_;
    bool ignore_merges_;
    std::string origin_;

    // Whole-word cache. Bounded: cleared when full rather than tracking recency,
    // which keeps lookups cheap and still catches the frequent words again.
    static constexpr size_t kCacheCapacity = 1 << 17;
    static constexpr size_t kCacheMaxWordBytes = 64;
    mutable std::mutex cache_mutex_;
    mutable std::unordered_map<std::string, std::vector<int>> cache_;
};

}  // namespace peng::detail
