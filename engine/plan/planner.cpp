#include "plan/planner.h"

#include <algorithm>
#include <cmath>

#include "cuda/gpu_tier.h"
#include "plan/memory_probe.h"
#include "util/error.h"

namespace peng {

namespace {

constexpr uint64_t kMiB = 1ULL << 20;
// Pins take this share of the expert RAM once the history has enough samples.
constexpr double kPinShare = 0.5;
constexpr uint64_t kMinHistoryForPins = 1000;

uint64_t kv_cache_bytes(const ModelConfig& c, int context) {
    uint64_t bytes = 0;
    for (int l = 0; l < c.num_layers; ++l) {
        const AttentionShape a = c.attention(l);
        const uint64_t per_position = uint64_t(a.num_kv_heads) * (a.head_dim + a.v_head_dim) * sizeof(float);
        const int positions = a.window ? std::min(a.window, context) : context;
        bytes += per_position * uint64_t(positions);
    }
    return bytes;
}

std::string gib(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GB", double(bytes) / 1e9);
    return text;
}

}  // namespace

Plan make_plan(const ModelConfig& c, const ModelSizes& sizes, const PlanRequest& request, const UsageHistory* history) {
    Plan plan;
    plan.moe_layers = c.moe_layer_count();
    plan.experts_per_layer = c.n_routed_experts;
    plan.experts_per_token = c.num_experts_per_tok;
    plan.dense_bytes = sizes.dense_bytes;
    plan.kv_bytes = kv_cache_bytes(c, request.context_tokens);
    // Process baseline, logits of a prefill block, activations, and the one dense
    // tensor held twice while the qkv is de-sharded at load.
    plan.runtime_bytes = 96 * kMiB + 2ULL * request.prefill_block * c.vocab_size * sizeof(float) +
                         uint64_t(request.prefill_block) * c.num_experts_per_tok * c.hidden_size * sizeof(float) * 4 +
                         sizes.largest_dense_tensor;
    const uint64_t fixed = plan.dense_bytes + plan.kv_bytes + plan.runtime_bytes;
    plan.minimum_bytes = fixed + uint64_t(plan.moe_layers) * sizes.slot_bytes;

    if (request.ram_budget_bytes > 0) {
        plan.budget_bytes = request.ram_budget_bytes;
    } else {
        const MemoryStatus memory = probe_memory();
        // Keep room for the page cache and the rest of the desktop.
        plan.reserve_bytes = std::max<uint64_t>(1536 * kMiB, memory.available_bytes / 10);
        plan.budget_bytes = memory.available_bytes > plan.reserve_bytes ? memory.available_bytes - plan.reserve_bytes : 0;
        plan.budget_measured = true;
        plan.budget_limited_by = memory.limited_by;
    }
    if (plan.budget_bytes < plan.minimum_bytes)
        throw Error("a RAM budget of " + gib(plan.budget_bytes) + " cannot run this model: it needs at least " +
                    gib(plan.minimum_bytes) + " (dense " + gib(plan.dense_bytes) + ", KV cache " + gib(plan.kv_bytes) +
                    ", runtime " + gib(plan.runtime_bytes) + ", one expert slot per MoE layer)" +
                    (plan.budget_limited_by.empty() ? "" : "; the memory limit in " + plan.budget_limited_by + " caps it"));

    // The prefix cache saves prefill only when conversations switch, while expert
    // slots speed every token: by default it takes at most a quarter of the room
    // above the minimum, shrinking to nothing on the tightest budget.
    const uint64_t spare = plan.budget_bytes - plan.minimum_bytes;
    plan.prefix_cache_bytes = request.prefix_cache_bytes >= 0 ? std::min(uint64_t(request.prefix_cache_bytes), spare)
                                                              : std::min(2 * plan.kv_bytes, spare / 4);
    const uint64_t all_experts = uint64_t(plan.moe_layers) * plan.experts_per_layer;
    uint64_t fit = plan.moe_layers ? (plan.budget_bytes - fixed - plan.prefix_cache_bytes) /
                                         std::max<uint64_t>(1, sizes.slot_bytes)
                                   : 0;
    if (fit >= all_experts) {
        plan.all_resident = true;
        plan.slots_per_layer = plan.experts_per_layer;
        fit = all_experts;
    } else {
        uint64_t pin_count = 0;
        if (history && history->total() >= kMinHistoryForPins) {
            const auto hottest = history->hottest();
            pin_count = std::min<uint64_t>(uint64_t(double(fit) * kPinShare), hottest.size());
            // Pins must leave at least one slot per layer.
            pin_count = std::min<uint64_t>(pin_count, fit - plan.moe_layers);
            plan.pins.assign(hottest.begin(), hottest.begin() + long(pin_count));
        }
        plan.slots_per_layer = std::max<int>(1, int((fit - pin_count) / std::max(1, plan.moe_layers)));
        plan.slots_per_layer = std::min(plan.slots_per_layer, plan.experts_per_layer);
        fit = pin_count + uint64_t(plan.slots_per_layer) * plan.moe_layers;
    }
    plan.expert_ram_bytes = fit * sizes.slot_bytes;

    // Expected hit rate: pinned experts catch their share of past routing; the LRU
    // slots catch their fraction of the rest, as if routing were uniform.
    if (plan.all_resident) {
        plan.expected_hit_rate = 1.0;
    } else {
        double pinned_share = 0;
        if (history && history->total() > 0) {
            uint64_t pinned_count = 0;
            for (const auto& [l, e] : plan.pins) pinned_count += history->count(l, e);
            pinned_share = double(pinned_count) / double(history->total());
        }
        const double per_layer_unpinned =
            double(plan.experts_per_layer) - double(plan.pins.size()) / std::max(1, plan.moe_layers);
        plan.expected_hit_rate =
            pinned_share + (1 - pinned_share) * std::min(1.0, plan.slots_per_layer / std::max(1.0, per_layer_unpinned));
    }
    const uint64_t routed_bytes = uint64_t(plan.moe_layers) * plan.experts_per_token * sizes.expert_bytes;
    plan.disk_bytes_per_token = uint64_t(double(routed_bytes) * (1 - plan.expected_hit_rate));
    // Decode touches every dense matrix except the embedding table (one row of it).
    const uint64_t embedding = uint64_t(c.vocab_size) * c.hidden_size * 2;
    plan.resident_bytes_per_token = (plan.dense_bytes > embedding ? plan.dense_bytes - embedding : 0) + routed_bytes;
    if (request.vram_budget_bytes > 0 || request.vram_auto) {
        const GpuDevice device = probe_gpu();
        if (!device.usable) plan.vram_note = "--vram is ignored: " + device.why_not;
    }
    return plan;
}

double decode_bound_tokens_per_s(const Plan& plan, double disk_GBps, double memory_GBps) {
    const double disk_s = disk_GBps > 0 ? double(plan.disk_bytes_per_token) / (disk_GBps * 1e9) : 0;
    const double memory_s = memory_GBps > 0 ? double(plan.resident_bytes_per_token) / (memory_GBps * 1e9) : 0;
    const double slowest = std::max(disk_s, memory_s);
    return slowest > 0 ? 1.0 / slowest : 0;
}

}  // namespace peng
