#pragma once
// Turns a RAM budget (and a VRAM budget) into a placement: the dense part resident,
// the KV cache for the context, LRU slots per MoE layer and pinned experts. With no
// budget it uses measured available memory minus a safety reserve. A budget too small
// to run at all is refused with the minimum it needs.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checkpoint/config.h"
#include "experts/usage_history.h"

namespace peng {

struct PlanRequest {
    uint64_t ram_budget_bytes = 0;    // 0 = available memory minus the reserve
    uint64_t vram_budget_bytes = 0;   // 0 = none, unless vram_auto
    int context_tokens = 4096;
    int prefill_block = 64;
    bool vram_auto = false;           // the GPU tier with free VRAM minus a reserve (last: aggregate order)
    // RAM for conversations' KV prefixes kept beside the live session; -1 = room for
    // two more contexts of `context_tokens`, or what is left once the model runs.
    int64_t prefix_cache_bytes = -1;
};

struct ModelSizes {
    uint64_t dense_bytes = 0;         // everything but routed experts
    uint64_t expert_bytes = 0;        // one routed expert
    uint64_t slot_bytes = 0;          // RAM one cached expert takes (its aligned read span)
    uint64_t largest_dense_tensor = 0;  // held twice while loading (the qkv being de-sharded)
};

struct Plan {
    uint64_t budget_bytes = 0;
    bool budget_measured = false;     // taken from available memory, not given
    std::string budget_limited_by;    // the cgroup limit file that capped a measured budget
    uint64_t reserve_bytes = 0;       // kept free when the budget is measured
    uint64_t dense_bytes = 0, kv_bytes = 0, runtime_bytes = 0;
    uint64_t prefix_cache_bytes = 0;  // the in-RAM KV prefix cache, inside the budget
    uint64_t expert_ram_bytes = 0;    // slots + pins
    int moe_layers = 0, experts_per_layer = 0, experts_per_token = 0;
    int slots_per_layer = 0;
    std::vector<std::pair<int, int>> pins;
    bool all_resident = false;
    uint64_t minimum_bytes = 0;       // the smallest budget that runs (one slot per MoE layer)
    double expected_hit_rate = 0;     // from the history, else assuming uniform routing
    uint64_t disk_bytes_per_token = 0;
    uint64_t resident_bytes_per_token = 0;  // bytes the kernels stream from RAM per decoded token
    std::string vram_note;            // why a requested GPU tier is ignored; empty when a device is usable
};

// Throws peng::Error, stating the minimum, when the budget cannot run the model.
Plan make_plan(const ModelConfig& config, const ModelSizes& sizes, const PlanRequest& request,
               const UsageHistory* history);

// Decode speed bound in tokens/s from measured bandwidths (GB/s).
double decode_bound_tokens_per_s(const Plan& plan, double disk_GBps, double memory_GBps);

}  // namespace peng
