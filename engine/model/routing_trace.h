#pragma once
// A forward-pass observer that keeps each layer's routed experts in order, the trace
// experts/cache_replay.h replays through the cache policies.
#include <utility>
#include <vector>

#include "experts/cache_replay.h"
#include "model/observer.h"

namespace peng {

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
