#pragma once
// Starts the GPU tier for a model: probes the device, plans what fits in VRAM
// (plan/vram_plan.h) and copies the dense matrices and the hottest experts there.
#include <cstdint>
#include <memory>
#include <string>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "cuda/gpu_tier.h"
#include "experts/usage_history.h"
#include "model/weights.h"

namespace peng {

struct GpuOptions {
    bool enabled = false;                     // asked for (peng-cli --vram); off by default: not byte-identical
    uint64_t budget_bytes = 0;                // 0 = free device memory minus kVramReserve
    const UsageHistory* history = nullptr;    // orders experts hottest first; not owned
};

// The tier, or null with `note` saying why the CPU path runs alone. On success
// `note` says what went to the device. Never throws for a missing or broken GPU.
std::unique_ptr<GpuTier> open_gpu(const Checkpoint& ckpt, ExpertFormat format, const DenseWeights& dense,
                                  const GpuOptions& options, std::string& note);

}  // namespace peng
