#include "api/placement.h"

#include "checkpoint/checkpoint.h"
#include "plan/model_sizes.h"
#include "util/error.h"

namespace peng {

Placement place_model(const LoadOptions& options, std::vector<std::string>& notes) {
    if (options.context_tokens <= 0) throw Error("the context length must be a positive number of tokens");
    if (options.prefill_block <= 0) throw Error("the prefill block must be a positive number of tokens");
    if (options.io_threads <= 0) throw Error("the I/O thread count must be positive");
    Placement p;
    const Checkpoint ckpt(options.model_dir);
    p.config = ckpt.config();
    if (const int trained = p.config.max_position_embeddings; trained > 0 && options.context_tokens > trained)
        throw Error("a context of " + std::to_string(options.context_tokens) + " tokens is longer than this model's " +
                    std::to_string(trained) + " (max_position_embeddings in " + options.model_dir + "/config.json)");
    p.sizes = measure_model_sizes(ckpt);
    if (options.history != "none") {
        p.history_path = options.history;
        std::string warning;
        p.history = open_history(options.model_dir, p.config, p.history_path, warning);
        if (!warning.empty()) notes.push_back(warning);
    }
    PlanRequest request;
    request.ram_budget_bytes = options.ram_budget_bytes;
    request.vram_auto = options.vram == VramMode::Auto;
    request.vram_budget_bytes = options.vram == VramMode::Budget ? options.vram_budget_bytes : 0;
    request.context_tokens = options.context_tokens;
    request.prefill_block = options.prefill_block;
    request.prefix_cache_bytes = options.prefix_cache_bytes;
    p.plan = make_plan(p.config, p.sizes, request, options.pin_learned_experts ? p.history.get() : nullptr);
    if (!p.plan.vram_note.empty()) notes.push_back(p.plan.vram_note);

    ModelOptions& m = p.model;
    m.gpu.enabled = (request.vram_auto || request.vram_budget_bytes > 0) && p.plan.vram_note.empty();
    m.gpu.budget_bytes = request.vram_budget_bytes;
    m.gpu.history = p.history.get();
    m.store.cap_per_layer = options.expert_slots >= 0 ? options.expert_slots : p.plan.slots_per_layer;
    m.store.warm_slots_per_layer = p.plan.slots_per_layer;  // what the budget holds, whatever --cap says
    m.store.warm_pins = p.plan.pins.size();
    m.store.policy = options.cache_policy;
    m.store.direct_io = options.direct_io;
    m.store.io_threads = options.io_threads;
    return p;
}

}  // namespace peng
