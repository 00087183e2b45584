#pragma once
// Folds the engine's routing callbacks into the brain's state on the generation
// thread and hands out a BrainFrame at most once per `interval` (about 30 Hz), so
// the GUI thread sees a handful of snapshots per second however fast the model runs.
#include <chrono>
#include <functional>
#include <vector>

#include "brain_frame.h"
#include "api/engine_observer.h"

class RoutingFolder {
public:
    using Clock = std::chrono::steady_clock;
    using TierQuery = std::function<BrainTier(int layer, int expert)>;
    using Publish = std::function<void(BrainFrame&&)>;

    // `moe_layer[l]` is false for dense layers. `tier_now` reports where an expert
    // lives at publish time (evictions are not observed directly).
    RoutingFolder(std::vector<bool> moe_layer, int experts, TierQuery tier_now, Publish publish,
                  std::chrono::milliseconds interval = std::chrono::milliseconds(33));

    void on_routing(int layer, int position, const std::vector<peng::RoutedExpert>& routes,
                    const std::vector<peng::ExpertTier>& served_from);

    // Publishes if the interval has passed since the last frame. `now` is a parameter
    // so tests can drive the clock.
    bool maybe_publish(Clock::time_point now);
    // Publishes whatever is pending regardless of the interval (end of a generation).
    void publish_now(Clock::time_point now);
    // A frame of the current state without clearing anything (for the first paint).
    BrainFrame snapshot() const;

    // Heat is multiplied by this per observed row: an expert picked every token
    // settles at 1 / (1 - decay) = 20.
    static constexpr float kHeatDecayPerRow = 0.95f;
    int frames_published() const { return frames_; }

private:
    BrainFrame build_frame() const;

    std::vector<bool> moe_layer_;
    int layers_, experts_;
    TierQuery tier_now_;
    Publish publish_;
    Clock::duration interval_;
    Clock::time_point last_publish_{};
    bool dirty_ = false;
    int frames_ = 0;

    std::vector<float> heat_;
    std::vector<uint32_t> routed_;
    std::vector<uint8_t> fresh_;
    uint64_t rows_ = 0;               // rows seen at the first MoE layer
    int first_moe_layer_ = -1;
};
