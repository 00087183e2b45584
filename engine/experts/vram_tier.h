#pragma once
// The VRAM tier of the expert hierarchy, first in lookup order. The CUDA tier
// implements it; without a GPU there is none and every expert is served from RAM.
namespace peng {

class VramTier {
public:
    virtual ~VramTier() = default;
    virtual bool holds(int layer, int expert) const = 0;
    // out[r] = down(silu(gate x[r]) * up x[r]) for `rows` rows of hidden size.
    virtual void compute(int layer, int expert, const float* x, int rows, float* out) = 0;
};

}  // namespace peng
