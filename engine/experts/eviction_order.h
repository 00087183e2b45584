#pragma once
// Which cached expert of a layer leaves first. Shared by the expert store and the
// offline replay (cache_replay.h), so that the replay of the store's policy is the
// store's policy. Only which expert is read again changes, never a value.
#include <cstdint>
#include <string>
#include <vector>

namespace peng {

enum class CachePolicy {
    Lru,        // the expert last used longest ago
    Frequency,  // the expert used least often (aged counts), then the least recently
};

// "lru" or "frequency"; anything else throws a peng::Error naming the choices.
CachePolicy parse_cache_policy(const std::string& name);
const char* cache_policy_name(CachePolicy policy);

// A cached expert's standing.
struct CachedUse {
    uint64_t uses = 0;        // aged use count (UseCounts)
    uint64_t last_use = 0;    // clock of the last use; larger is more recent
    bool predicted = false;   // the router lookahead expects it in the block being routed
    bool demoted = false;     // a wrong guess: read speculatively, then not needed
};

// True when `a` should be evicted before `b`. Wrong guesses go first; then experts no
// prediction names; then the policy's order.
inline bool evict_before(CachePolicy policy, const CachedUse& a, const CachedUse& b) {
    if (a.demoted != b.demoted) return a.demoted;
    if (a.predicted != b.predicted) return b.predicted;
    if (policy == CachePolicy::Frequency && a.uses != b.uses) return a.uses < b.uses;
    return a.last_use < b.last_use;
}

// Per-expert use counts of one layer, halved whenever `aging_window` uses have been
// counted since the last halving (0: never), so that experts hot in an earlier part of
// a long conversation lose their hold on the slots (LFU with aging).
class UseCounts {
public:
    // The store's window: uses counted between halvings, per slot of the layer's cache.
    // Not tuned: at 60 slots and 8 experts a token it is ~480 tokens, past the 32-token
    // flash-shape runs the policy was measured on, so it only bounds a long chat's memory.
    static constexpr uint64_t kAgingUsesPerSlot = 64;

    UseCounts(int experts, uint64_t aging_window) : counts_(size_t(experts > 0 ? experts : 0)), window_(aging_window) {}
    void count(int expert, uint64_t uses = 1) {
        if (expert < 0 || size_t(expert) >= counts_.size()) return;
        counts_[size_t(expert)] += uses;
        since_aging_ += uses;
        if (window_ == 0 || since_aging_ < window_) return;
        since_aging_ = 0;
        for (uint64_t& c : counts_) c /= 2;
    }
    uint64_t of(int expert) const {
        return expert >= 0 && size_t(expert) < counts_.size() ? counts_[size_t(expert)] : 0;
    }

private:
    std::vector<uint64_t> counts_;
    uint64_t window_;
    uint64_t since_aging_ = 0;
};

}  // namespace peng
