#pragma once
// Callbacks from inside the forward pass, for the app's brain view and profiles.
// They run on the generation thread between kernels: keep them cheap, never block.
#include <vector>

#include "experts/expert_tier.h"
#include "model/routing.h"

namespace peng {

struct ForwardObserver {
    virtual ~ForwardObserver() = default;
    // One row's routing at one MoE layer; `served_from[k]` is where routes[k]'s
    // weights were found when the layer needed them (Disk = read just now).
    virtual void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                            const std::vector<ExpertTier>& served_from) = 0;
};

}  // namespace peng
