#pragma once
// What a front end asks of the engine: how to open a model (budgets, stores) and,
// per call, how to generate. Per-call settings need no reload of the model.
#include <cstdint>
#include <string>

#include "experts/eviction_order.h"
#include "model/expert_trim.h"
#include "model/prefetch_mode.h"
#include "sampling/sampling_options.h"

namespace peng {

// The GPU tier: off by default because its logits are not byte-identical to the CPU's.
enum class VramMode { Off, Auto, Budget };

struct LoadOptions {
    std::string model_dir;
    // RAM for the whole engine; 0 = available memory minus a reserve (cgroup-aware probe).
    uint64_t ram_budget_bytes = 0;
    VramMode vram = VramMode::Off;
    uint64_t vram_budget_bytes = 0;     // with VramMode::Budget
    int expert_slots = -1;              // slots per MoE layer: -1 = the plan decides, 0 = every expert
    CachePolicy cache_policy = CachePolicy::Frequency;  // which slot an expert read evicts; never changes the output
    int context_tokens = 4096;          // the KV cache the plan reserves
    int prefill_block = 64;
    bool direct_io = true;              // O_DIRECT expert reads where the filesystem allows
    int io_threads = 4;
    // Routing history: "" = the default place, "none" = do not learn, else a file.
    std::string history = "";
    // Conversation KV files: "" = the default place, "none" = keep nothing on disk, else a folder.
    std::string kv_store = "";
    uint64_t kv_store_max_bytes = 8'000'000'000;  // oldest files leave first past this
    // The in-RAM prefix cache, counted inside the RAM budget: -1 = the planner's default.
    int64_t prefix_cache_bytes = -1;
    bool pin_learned_experts = true;    // pin the hottest experts of the routing history
};

struct RunSettings {
    SamplingOptions sampling;           // temperature <= 0 is greedy
    int max_new_tokens = 512;
    ExpertTrim trim;                    // lossy, off by default
    PrefetchMode prefetch = PrefetchMode::Auto;  // never changes the output
    int threads = 0;                    // 0 = OpenMP's default
    bool repin = true;                  // let pins follow the routing at the turn's end
    // Prompt tokens whose cached KV may be reused (-1 = as many as are cached). A caller
    // that needs every prompt position computed again (their routing, say) gives 0.
    int reuse_limit = -1;
    // -1: no log-probabilities; 0..kMaxTopLogprobs: each sampled token's, with that many
    // of the most likely ids at its position (EngineObserver::on_logprobs).
    int top_logprobs = -1;
};

}  // namespace peng
