#pragma once
// The VRAM tier of the expert hierarchy, first in lookup order. The CUDA tier
// (engine/cuda) implements it; without a GPU there is none and every expert is
// served from RAM. A layer's device-held experts go out in one batched launch and
// the CPU computes the rest meanwhile; each row still adds its experts in its own
// router order on the CPU.
#include <vector>

namespace peng {

// One device-held expert and the rows of the block routed to it.
struct VramWork {
    int expert = -1;
    std::vector<int> rows;   // indices into the block's rows
};

class VramTier {
public:
    virtual ~VramTier() = default;
    virtual bool holds(int layer, int expert) const = 0;
    // Starts down(silu(gate x) * up x) for every (expert, row) of `work`, x being row
    // `row` of h ([count x hidden]), and returns at once.
    virtual void launch(int layer, const float* h, int count, const std::vector<VramWork>& work) = 0;
    // Waits for the last launch. `out` receives one hidden-size vector per (work
    // item, row), in the order of `work` and of its rows.
    virtual void wait(float* out) = 0;
};

}  // namespace peng
