#pragma once
// What a front end shows about an open model, and the placement other budgets would get.
#include <cstdint>
#include <string>
#include <vector>

#include "checkpoint/config.h"
#include "plan/planner.h"

namespace peng {

struct ModelInfo {
    std::string dir;
    std::string format;            // "MXFP4" or "FP8" (the routed experts)
    ModelConfig config;
    // generation_config.json as the checkpoint was opened with it: its sampling
    // defaults (temperature, top_p, top_k where stated) for front ends to offer.
    GenerationConfig generation;
    ModelSizes sizes;
    Plan plan;                     // the placement the engine opened with
    int expert_slots = 0;          // slots per MoE layer in use
    int pinned = 0;                // experts pinned at open
    // Positions a conversation may fill: the context the KV cache was planned for (at
    // most the model's max_position_embeddings). Longer prompts are refused.
    int context_tokens = 0;
    uint64_t dense_resident_bytes = 0;
    int vocab_size = 0;            // the tokenizer's ids; the embedding may have more rows
    bool prefetch = false;         // router lookahead on at open
    std::string gpu_label;         // non-empty while the GPU path (not byte-identical) runs
    std::string gpu_note;          // what went to VRAM, or why the GPU is not used
    bool random_weights = false;   // written by make-model (a fixture or the demo)
    std::string history_path;      // empty: not learning
};

// The plan a RAM budget would give this model, with its decode bound from measured
// bandwidths (GB/s; 0 where unknown). Throws peng::Error when the budget is too small.
struct PlanPreview {
    Plan plan;
    double bound_tokens_per_s = 0;  // 0 when a needed bandwidth is unknown
};
PlanPreview preview_plan(const ModelInfo& info, uint64_t ram_budget_bytes, double disk_GBps, double memory_GBps);

}  // namespace peng
