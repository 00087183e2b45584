#include "experts/cache_replay.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>

namespace peng {

namespace {

struct Counts {
    uint64_t requests = 0, hits = 0;
};

// One layer through one policy. `count(expert)` is called for each listing in a step
// before the step's lookups (as the model counts a block's uses before requesting it),
// `touch(expert)` on each grant, and `evict_first(a, b, step)` says whether a leaves
// before b.
Counts replay(const std::vector<RoutingStep>& steps, int slots, const std::set<int>& pinned, size_t warmup,
              const std::function<void(int)>& count, const std::function<void(int)>& touch,
              const std::function<bool(int, int, size_t)>& evict_first) {
    Counts c;
    std::set<int> cached;
    for (size_t s = 0; s < steps.size(); ++s) {
        const bool counted = s >= warmup;
        for (int e : steps[s]) count(e);
        const std::set<int> distinct(steps[s].begin(), steps[s].end());
        // As the store does: cached experts first, then the missing ones, each in id order.
        std::vector<int> present, missing;
        for (int e : distinct) {
            if (counted) ++c.requests;
            if (pinned.count(e)) c.hits += counted;
            else if (cached.count(e)) c.hits += counted, present.push_back(e);
            else missing.push_back(e);
        }
        std::set<int> locked;  // granted in the current wave
        for (int e : present) touch(e), locked.insert(e);
        for (int e : missing) {
            if (slots <= 0) break;
            if (static_cast<int>(cached.size()) >= slots) {
                auto pick = [&] {
                    int victim = -1;
                    for (int candidate : cached)
                        if (!locked.count(candidate) && (victim < 0 || evict_first(candidate, victim, s)))
                            victim = candidate;
                    return victim;
                };
                int victim = pick();
                if (victim < 0) {  // every slot holds this wave: it runs, and the next wave starts
                    locked.clear();
                    victim = pick();
                }
                cached.erase(victim);
            }
            touch(e);
            cached.insert(e);
            locked.insert(e);
        }
    }
    return c;
}

int max_expert(const std::vector<RoutingStep>& steps) {
    int m = -1;
    for (const auto& step : steps)
        for (int e : step) m = std::max(m, e);
    return m;
}

// For each expert, the steps that use it, in order.
class NextUses {
public:
    explicit NextUses(const std::vector<RoutingStep>& steps) {
        for (size_t s = 0; s < steps.size(); ++s)
            for (int e : steps[s]) uses_[e].push_back(s);
    }
    // The first step after `now` that uses e; never is the largest size_t.
    size_t after(int e, size_t now) const {
        const auto it = uses_.find(e);
        if (it == uses_.end()) return kNever;
        const auto next = std::upper_bound(it->second.begin(), it->second.end(), now);
        return next == it->second.end() ? kNever : *next;
    }
    static constexpr size_t kNever = std::numeric_limits<size_t>::max();

private:
    std::map<int, std::vector<size_t>> uses_;
};

// The store's policy (LRU, LFU or its own) on use counts and recency, told the next
// `foresight` steps: an expert used within them stays over one that is not, and of two
// that are, the one used later leaves first (Belady's rule inside the horizon). With
// foresight 0 this is the policy itself; with foresight past the trace's end, Belady.
// `next` indexes `steps`; it is read only with foresight.
Counts replay_policy(const std::vector<RoutingStep>& steps, int slots, const std::set<int>& pinned, size_t warmup,
                     CachePolicy policy, uint64_t aging_window, const NextUses* next = nullptr,
                     size_t foresight = 0) {
    UseCounts uses(max_expert(steps) + 1, aging_window);
    std::map<int, uint64_t> last_use;
    uint64_t clock = 0;
    return replay(
        steps, slots, pinned, warmup, [&](int e) { uses.count(e); }, [&](int e) { last_use[e] = ++clock; },
        [&](int a, int b, size_t now) {
            if (next && foresight > 0) {
                const size_t horizon = foresight >= NextUses::kNever - now ? NextUses::kNever - 1 : now + foresight;
                const size_t na = next->after(a, now), nb = next->after(b, now);
                const bool a_seen = na <= horizon, b_seen = nb <= horizon;
                if (a_seen != b_seen) return b_seen;
                if (a_seen) return na > nb;
            }
            const CachedUse use_a{uses.of(a), last_use[a], false, false}, use_b{uses.of(b), last_use[b], false, false};
            return evict_before(policy, use_a, use_b);
        });
}

// Belady: evict the expert whose next use lies farthest ahead (never = farthest); ties
// go to the lower id.
Counts replay_belady(const std::vector<RoutingStep>& steps, int slots, const std::set<int>& pinned, size_t warmup,
                     const NextUses& next) {
    return replay(
        steps, slots, pinned, warmup, [](int) {}, [](int) {},
        [&](int a, int b, size_t now) {
            const size_t na = next.after(a, now), nb = next.after(b, now);
            return na != nb ? na > nb : a < b;
        });
}

}  // namespace

CacheReplay replay_trace(const std::vector<std::vector<RoutingStep>>& trace, int slots_per_layer,
                         const std::set<std::pair<int, int>>& pinned, size_t warmup_steps, CachePolicy store_policy,
                         const std::vector<size_t>& foresight_steps) {
    uint64_t requests = 0, lru = 0, lfu = 0, policy = 0, belady = 0;
    std::vector<uint64_t> foreseen(foresight_steps.size(), 0);
    const uint64_t aging = UseCounts::kAgingUsesPerSlot * uint64_t(std::max(1, slots_per_layer));
    const uint64_t policy_aging = store_policy == CachePolicy::Frequency ? aging : 0;
    for (int layer = 0; layer < static_cast<int>(trace.size()); ++layer) {
        const auto& steps = trace[layer];
        std::set<int> layer_pins;
        for (const auto& [l, e] : pinned)
            if (l == layer) layer_pins.insert(e);
        const Counts r = replay_policy(steps, slots_per_layer, layer_pins, warmup_steps, CachePolicy::Lru, 0);
        requests += r.requests;
        lru += r.hits;
        lfu += replay_policy(steps, slots_per_layer, layer_pins, warmup_steps, CachePolicy::Frequency, 0).hits;
        policy += replay_policy(steps, slots_per_layer, layer_pins, warmup_steps, store_policy, policy_aging).hits;
        const NextUses next(steps);
        belady += replay_belady(steps, slots_per_layer, layer_pins, warmup_steps, next).hits;
        for (size_t i = 0; i < foresight_steps.size(); ++i)
            foreseen[i] += replay_policy(steps, slots_per_layer, layer_pins, warmup_steps, store_policy, policy_aging,
                                         &next, foresight_steps[i])
                               .hits;
    }
    auto rate = [&](uint64_t hits) { return requests ? double(hits) / double(requests) : 1.0; };
    CacheReplay out;
    out.slots_per_layer = slots_per_layer;
    out.requests = requests;
    out.lru_hit_rate = rate(lru);
    out.lfu_hit_rate = rate(lfu);
    out.policy_hit_rate = rate(policy);
    out.belady_hit_rate = rate(belady);
    for (size_t i = 0; i < foresight_steps.size(); ++i) out.foresight.push_back({foresight_steps[i], rate(foreseen[i])});
    return out;
}

}  // namespace peng
