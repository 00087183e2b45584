#pragma once
// Replays a recorded routing trace through two cache policies with the same slots:
// the LRU the expert store uses, and Belady's offline optimum (on a miss, evict the
// expert whose next use is farthest away). The gap is what the policy leaves.
// A step is one row's experts at one layer, requested together as the store does:
// experts already cached hit, the rest are loaded over entries outside the step.
// The forward pass records traces with RoutingTraceRecorder (model/routing_trace.h).
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace peng {

struct CacheReplay {
    uint64_t requests = 0;
    double lru_hit_rate = 0;
    double belady_hit_rate = 0;
};

using RoutingStep = std::vector<int>;
// `trace[layer]` is that layer's steps in order; pinned experts always hit.
CacheReplay replay_trace(const std::vector<std::vector<RoutingStep>>& trace, int slots_per_layer,
                         const std::set<std::pair<int, int>>& pinned);

}  // namespace peng
