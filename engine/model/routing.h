#pragma once
// noaux_tc routing (spec 3.2j): sigmoid scores, the correction bias for selection
// only, optional group limiting, top-k, renormalisation, routed scaling.
#include <vector>

#include "checkpoint/config.h"

namespace peng {

struct RoutedExpert {
    int expert;
    float weight;
};

// `logits` are the router outputs for one row (n_routed_experts of them). The result
// is in selection order (best biased score first); rows sum their experts in it.
std::vector<RoutedExpert> route(const ModelConfig& config, const float* logits, const float* correction_bias);

}  // namespace peng

namespace peng {

// The lossy expert trim: keeps the `top_k` heaviest experts (0 = all) and, with
// top_p > 0, the fewest heaviest whose share of the total weight reaches top_p;
// the kept weights are renormalised to the original total. Kept experts stay in
// router order.
std::vector<RoutedExpert> trim_routes(const std::vector<RoutedExpert>& routes, int top_k, double top_p);

}  // namespace peng
