#include "experts/cache_replay.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace peng {

namespace {

struct Counts {
    uint64_t requests = 0, hits = 0;
};

// One policy: `score(expert)` ranks eviction candidates, the highest goes first.
template <typename Touch, typename Score>
Counts replay(const std::vector<RoutingStep>& steps, int slots, const std::set<int>& pinned, Touch touch,
              Score score) {
    Counts c;
    std::unordered_map<int, bool> cached;
    for (size_t s = 0; s < steps.size(); ++s) {
        const RoutingStep& step = steps[s];
        // As the store does: cached experts first, then the missing ones, each in id order.
        std::vector<int> present, missing;
        for (int e : step) {
            ++c.requests;
            if (pinned.count(e)) ++c.hits;
            else if (cached.count(e)) ++c.hits, present.push_back(e);
            else missing.push_back(e);
        }
        std::sort(present.begin(), present.end());
        std::sort(missing.begin(), missing.end());
        for (int e : present) touch(e, s);
        for (int e : missing) {
            touch(e, s);
            if (static_cast<int>(cached.size()) >= slots) {
                int victim = -1;
                for (const auto& [candidate, unused] : cached) {
                    if (std::find(step.begin(), step.end(), candidate) != step.end()) continue;
                    if (victim < 0 || score(candidate, s) > score(victim, s)) victim = candidate;
                }
                if (victim < 0) continue;  // the step alone fills every slot
                cached.erase(victim);
            }
            cached[e] = true;
        }
    }
    return c;
}

}  // namespace

CacheReplay replay_trace(const std::vector<std::vector<RoutingStep>>& trace, int slots_per_layer,
                         const std::set<std::pair<int, int>>& pinned) {
    uint64_t requests = 0, lru_hits = 0, belady_hits = 0;
    for (int layer = 0; layer < static_cast<int>(trace.size()); ++layer) {
        const auto& steps = trace[layer];
        std::set<int> layer_pins;
        for (const auto& [l, e] : pinned)
            if (l == layer) layer_pins.insert(e);

        // LRU: evict the expert last used longest ago.
        std::unordered_map<int, uint64_t> last_use;
        uint64_t clock = 0;
        const Counts lru = replay(
            steps, slots_per_layer, layer_pins, [&](int e, size_t) { last_use[e] = ++clock; },
            [&](int e, size_t) { return std::numeric_limits<uint64_t>::max() - last_use[e]; });

        // Belady: evict the expert whose next use lies farthest ahead (never = farthest).
        std::unordered_map<int, std::vector<size_t>> uses;  // expert -> steps using it
        for (size_t s = 0; s < steps.size(); ++s)
            for (int e : steps[s]) uses[e].push_back(s);
        const Counts opt = replay(
            steps, slots_per_layer, layer_pins, [](int, size_t) {},
            [&](int e, size_t now) {
                const auto& u = uses[e];
                const auto next = std::upper_bound(u.begin(), u.end(), now);
                return next == u.end() ? std::numeric_limits<uint64_t>::max() : uint64_t(*next);
            });
        requests += lru.requests;
        lru_hits += lru.hits;
        belady_hits += opt.hits;
    }
    CacheReplay out;
    out.requests = requests;
    out.lru_hit_rate = requests ? double(lru_hits) / double(requests) : 1.0;
    out.belady_hit_rate = requests ? double(belady_hits) / double(requests) : 1.0;
    return out;
}

}  // namespace peng
