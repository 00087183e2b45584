#pragma once
// A forward-pass observer that keeps each layer's routed experts in order, the trace
// experts/cache_replay.h replays through the cache policies.
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "experts/cache_replay.h"
#include "model/observer.h"

namespace peng {

// Rows from position `first_counted` on are one step each (decode); the rows before
// it (the prompt) are grouped into steps of `prefill_block` positions, the blocks the
// prefill requests its experts in (batch union), and replayed as warm-up only: they fill
// the cache as they filled the store's, without counting as requests. A warm-up step
// lists an expert once per row routed to it (the store's use count).
class RoutingTraceRecorder : public ForwardObserver {
public:
    explicit RoutingTraceRecorder(int layers, int first_counted = 0, int prefill_block = 1)
        : trace_(layers), first_counted_(first_counted), block_(std::max(1, prefill_block)) {}
    void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                    const std::vector<ExpertTier>&) override {
        if (layer < 0 || layer >= static_cast<int>(trace_.size())) return;
        auto& steps = trace_[layer];
        if (position >= first_counted_) {
            RoutingStep step;
            for (const auto& r : routes) step.push_back(r.expert);
            steps.push_back(std::move(step));
            return;
        }
        if (first_seen_ < 0) first_seen_ = position;
        const size_t block = size_t(std::max(0, position - first_seen_) / block_);
        if (block + 1 > warmup_steps_) warmup_steps_ = block + 1;
        while (steps.size() <= block) steps.emplace_back();
        for (const auto& r : routes) steps[block].push_back(r.expert);
    }
    const std::vector<std::vector<RoutingStep>>& trace() const { return trace_; }
    // Steps at the start of every layer's trace that are warm-up (the prompt's blocks).
    size_t warmup_steps() const { return warmup_steps_; }

private:
    std::vector<std::vector<RoutingStep>> trace_;
    int first_counted_;
    int block_;
    int first_seen_ = -1;
    size_t warmup_steps_ = 0;
};

}  // namespace peng
