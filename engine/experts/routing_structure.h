#pragma once
// How much structure a run's routing has, from its trace (model/routing_trace.h): a
// router that has learnt something prefers some experts per layer and keeps choosing
// the same ones from token to token, which is what an expert cache lives on. Random
// weights route almost uniformly. Used to compare the trained demo with the random one.
#include <cstddef>
#include <vector>

#include "experts/cache_replay.h"

namespace peng {

struct RoutingStructure {
    // Per layer with routing: the entropy of its expert load (every routed token
    // counted, prompt included) over log2(experts). 1 = uniform; 0 = one expert.
    std::vector<double> load_entropy;
    double mean_load_entropy = 0;
    // Decode steps only: the share of a step's experts the step before also chose.
    double mean_step_reuse = 0;
    std::size_t decode_steps = 0;
};

// `trace[layer]` as RoutingTraceRecorder keeps it: the first `warmup_steps` entries
// are the prompt's blocks, then one entry per decoded token. Layers without routing
// (the dense layer 0) have empty traces and are left out.
RoutingStructure routing_structure(const std::vector<std::vector<RoutingStep>>& trace, std::size_t warmup_steps,
                                   int experts);

}  // namespace peng
