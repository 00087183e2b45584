#pragma once
// What goes into VRAM: the budget (free device memory minus a reserve, or the user's
// setting), then the dense matrices that fit (every token reads all of them), then
// routed experts hottest first from the routing history while the budget lasts.
// Plain host logic, tested without a GPU.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint/config.h"
#include "checkpoint/inventory.h"
#include "cuda/device_layout.h"
#include "experts/usage_history.h"
#include "kernels/matrix.h"

namespace peng {

constexpr uint64_t kVramReserve = 2ULL << 30;     // left free under an automatic budget

struct VramRequest {
    uint64_t free_bytes = 0;            // measured on the device
    uint64_t user_budget_bytes = 0;     // --vram GB; 0 = automatic
    uint64_t reserve_bytes = kVramReserve;
    uint64_t workspace_bytes = 0;       // activations the kernels need beside the weights
};

struct VramPlan {
    uint64_t budget_bytes = 0;          // for weights
    std::vector<size_t> dense;          // indices of the dense matrices placed, in the given order
    std::vector<std::pair<int, int>> experts;  // (layer, expert), hottest first
    uint64_t dense_bytes = 0, expert_bytes = 0;
    std::string note;                   // set when the user's budget had to be cut
};

// Device bytes of one routed expert (gate, up, down), laid out as device_bytes() counts.
uint64_t expert_device_bytes(const ModelConfig& config, ExpertFormat format);

// The order experts enter VRAM: by routing count, most used first; experts never
// seen follow, spread over layers (expert 0 of every MoE layer, then expert 1, ...).
std::vector<std::pair<int, int>> vram_expert_order(const ModelConfig& config, const UsageHistory* history);

// "12.34 GB" (decimal), as the notes print sizes.
std::string gb_text(uint64_t bytes);

VramPlan plan_vram(const VramRequest& request, const std::vector<uint64_t>& dense_bytes, uint64_t bytes_per_expert,
                   const std::vector<std::pair<int, int>>& expert_order);

}  // namespace peng
