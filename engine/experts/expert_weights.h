#pragma once
// One routed expert's three matrices as views into the bytes read from disk.
#include <vector>

#include "checkpoint/config.h"
#include "checkpoint/expert_locator.h"
#include "checkpoint/inventory.h"
#include "kernels/matrix.h"

namespace peng {

struct ExpertWeights {
    MatrixView gate, up, down;
};

// Views over an expert whose bytes (the concatenation of its location's ranges)
// start at `bytes`. FP8 scale grids are copied into `fp8_scales` because the
// release does not align them for float access.
ExpertWeights expert_views(const ModelConfig& config, ExpertFormat format, const ExpertLocation& location,
                           const uint8_t* bytes, std::vector<float> (&fp8_scales)[3]);

}  // namespace peng
