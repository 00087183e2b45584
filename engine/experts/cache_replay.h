#pragma once
// Replays a recorded routing trace through cache policies with the same slots: the
// LRU, a plain LFU, the expert store's own policy (eviction_order.h) and Belady's
// offline optimum (on a miss, evict the expert whose next use is farthest away). The
// gap to Belady is what a policy leaves.
// A step is one block's experts at one layer, requested together as the store does:
// experts already cached hit, the rest are loaded over entries outside the step; when
// the step holds more experts than there are slots it runs in waves, as the store does.
// An expert listed n times in a step (n rows of the block) is one request and n uses.
// Between the two, the store's policy told the next few steps' routing exactly: what a
// perfect predictor with that reach could add, and so how far ahead a policy must see
// to come near Belady.
// The forward pass records traces with RoutingTraceRecorder (model/routing_trace.h).
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "experts/eviction_order.h"

namespace peng {

using RoutingStep = std::vector<int>;

struct CacheReplay {
    int slots_per_layer = 0;
    uint64_t requests = 0;          // counted steps' experts (pins included)
    double lru_hit_rate = 0;
    double lfu_hit_rate = 0;        // least frequently used first, counts never aged
    double policy_hit_rate = 0;     // the store's policy, as given to replay_trace
    double belady_hit_rate = 0;
    // The store's policy that also knows the next `steps` steps (Belady's rule inside
    // them), one entry per reach asked of replay_trace.
    struct Foresight {
        size_t steps = 0;
        double hit_rate = 0;
    };
    std::vector<Foresight> foresight;
};

// `trace[layer]` is that layer's steps in order; pinned experts always hit. The first
// `warmup_steps` steps of each layer fill the cache without being counted (a prompt's
// prefill before its decode). Predictions are not in a trace: the store's policy is
// replayed on use counts and recency alone. `foresight_steps` lists the reaches of the
// foresight replays (CacheReplay::foresight).
CacheReplay replay_trace(const std::vector<std::vector<RoutingStep>>& trace, int slots_per_layer,
                         const std::set<std::pair<int, int>>& pinned, size_t warmup_steps = 0,
                         CachePolicy store_policy = CachePolicy::Lru, const std::vector<size_t>& foresight_steps = {});

}  // namespace peng
