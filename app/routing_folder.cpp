#include "routing_folder.h"

#include <algorithm>

RoutingFolder::RoutingFolder(std::vector<bool> moe_layer, int experts, TierQuery tier_now, Publish publish,
                             std::chrono::milliseconds interval)
    : moe_layer_(std::move(moe_layer)),
      layers_(static_cast<int>(moe_layer_.size())),
      experts_(experts),
      tier_now_(std::move(tier_now)),
      publish_(std::move(publish)),
      interval_(interval) {
    const size_t cells = size_t(layers_) * size_t(experts_);
    heat_.assign(cells, 0.0f);
    routed_.assign(cells, 0);
    fresh_.assign(cells, 0);
    for (int l = 0; l < layers_; ++l)
        if (moe_layer_[l]) {
            first_moe_layer_ = l;
            break;
        }
}

void RoutingFolder::on_routing(int layer, int, const std::vector<peng::RoutedExpert>& routes,
                               const std::vector<peng::ExpertTier>&) {
    if (layer < 0 || layer >= layers_) return;
    if (layer == first_moe_layer_) {
        // A new row enters the network: everything cools a little. 12k multiplies
        // per row is noise next to the forward pass that produced the row.
        ++rows_;
        for (float& h : heat_) h *= kHeatDecayPerRow;
    }
    for (const auto& r : routes) {
        if (r.expert < 0 || r.expert >= experts_) continue;
        const size_t i = size_t(layer) * experts_ + r.expert;
        heat_[i] += 1.0f;
        ++routed_[i];
        fresh_[i] = 1;
    }
    dirty_ = true;
    maybe_publish(Clock::now());
}

bool RoutingFolder::maybe_publish(Clock::time_point now) {
    if (!dirty_ || (frames_ > 0 && now - last_publish_ < interval_)) return false;
    publish_now(now);
    return true;
}

void RoutingFolder::publish_now(Clock::time_point now) {
    BrainFrame frame = build_frame();
    std::fill(fresh_.begin(), fresh_.end(), 0);
    dirty_ = false;
    last_publish_ = now;
    ++frames_;
    if (publish_) publish_(std::move(frame));
}

BrainFrame RoutingFolder::snapshot() const { return build_frame(); }

BrainFrame RoutingFolder::build_frame() const {
    BrainFrame f;
    f.layers = layers_;
    f.experts = experts_;
    f.tokens = rows_;
    f.heat = heat_;
    f.routed = routed_;
    f.fresh = fresh_;
    f.tier.resize(heat_.size());
    for (int l = 0; l < layers_; ++l)
        for (int e = 0; e < experts_; ++e) {
            const BrainTier t = moe_layer_[l] ? (tier_now_ ? tier_now_(l, e) : BrainTier::Disk) : BrainTier::Dense;
            f.tier[f.index(l, e)] = static_cast<uint8_t>(t);
            if (int(t) < kTierCount) ++f.tier_counts[static_cast<int>(t)];
        }
    return f;
}
