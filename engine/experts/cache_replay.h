#pragma once
// Replays a recorded routing trace through two cache policies with the same slots:
// the LRU the expert store uses, and Belady's offline optimum (on a miss, evict the
// expert whose next use is farthest away). The gap is what the policy leaves.
// A step is one row's experts at one layer, requested together as the store does:
// experts already cached hit, the rest are loaded over entries outside the step.
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "model/observer.h"

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

// Records each routed row from position `first_position` on (e.g. decode only).
class RoutingTraceRecorder : public ForwardObserver {
public:
    explicit RoutingTraceRecorder(int layers, int first_position = 0) : trace_(layers), first_(first_position) {}
    void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                    const std::vector<ExpertTier>&) override {
        if (position < first_) return;
        RoutingStep step;
        for (const auto& r : routes) step.push_back(r.expert);
        trace_[layer].push_back(std::move(step));
    }
    const std::vector<std::vector<RoutingStep>>& trace() const { return trace_; }

private:
    std::vector<std::vector<RoutingStep>> trace_;
    int first_;
};

}  // namespace peng
