#include "model_setup.h"

#include <cstdio>

#include "plan/model_sizes.h"
#include "util/error.h"

namespace peng::cli {

const std::set<std::string> kModelOptions = {"ram", "vram", "cap", "context", "prefetch",
                                             "topk", "topp", "history", "io-threads"};
const std::set<std::string> kModelFlags = {"buffered"};

std::set<std::string> with_model_options(std::set<std::string> own) {
    own.insert(kModelOptions.begin(), kModelOptions.end());
    return own;
}

std::set<std::string> with_model_flags(std::set<std::string> own) {
    own.insert(kModelFlags.begin(), kModelFlags.end());
    return own;
}

namespace {
uint64_t gigabytes(const Args& args, const std::string& name) {
    const double gb = args.get_double(name, 0);
    if (gb < 0) throw Error("--" + name + " must be a number of gigabytes");
    return static_cast<uint64_t>(gb * 1e9);
}
}  // namespace

ModelSetup setup_model(const std::string& dir, const Args& args, int prefill_block) {
    ModelSetup setup;
    Checkpoint ckpt(dir);
    const ModelConfig& config = ckpt.config();

    const std::string history_flag = args.get_or("history", "");
    if (history_flag != "none") {
        setup.history_path = history_flag;
        std::string warning;
        setup.history = open_history(dir, config, setup.history_path, warning);
        if (!warning.empty()) std::fprintf(stderr, "warning: %s\n", warning.c_str());
    }

    PlanRequest request;
    request.ram_budget_bytes = gigabytes(args, "ram");
    // --vram GB or --vram auto asks for the GPU tier; it is off by default because
    // its logits are not byte-identical to the CPU's. --vram 0 keeps it off.
    const std::string vram = args.get_or("vram", "");
    request.vram_auto = vram == "auto";
    if (!vram.empty() && !request.vram_auto) request.vram_budget_bytes = gigabytes(args, "vram");
    request.context_tokens = static_cast<int>(args.get_int("context", 4096));
    request.prefill_block = prefill_block;
    if (request.context_tokens <= 0) throw Error("--context must be positive");
    setup.plan = make_plan(config, measure_model_sizes(ckpt), request, setup.history.get());
    if (!setup.plan.vram_note.empty()) std::fprintf(stderr, "note: %s\n", setup.plan.vram_note.c_str());

    ModelOptions& o = setup.options;
    o.gpu.enabled = (request.vram_auto || request.vram_budget_bytes > 0) && setup.plan.vram_note.empty();
    o.gpu.budget_bytes = request.vram_budget_bytes;
    o.gpu.history = setup.history.get();
    o.store.cap_per_layer = setup.plan.slots_per_layer;
    o.store.pins = setup.plan.pins;
    if (args.has("cap")) {
        const long long cap = args.get_int("cap", 0);
        if (cap < 0) throw Error("--cap must be 0 (all) or a number of slots per layer");
        o.store.cap_per_layer = static_cast<int>(cap);
    }
    o.store.direct_io = !args.has("buffered");
    o.store.io_threads = static_cast<int>(args.get_int("io-threads", 4));
    if (o.store.io_threads <= 0) throw Error("--io-threads must be positive");
    o.trim.top_k = static_cast<int>(args.get_int("topk", 0));
    o.trim.top_p = args.get_double("topp", 0);
    const std::string prefetch = args.get_or("prefetch", "auto");
    if (prefetch == "on") o.prefetch = ModelOptions::Prefetch::On;
    else if (prefetch == "off") o.prefetch = ModelOptions::Prefetch::Off;
    else if (prefetch != "auto") throw Error("--prefetch must be on, off or auto");
    if (o.trim.active())
        std::fprintf(stderr, "note: TOPK/TOPP expert trimming is on: the output is approximate (lossy)\n");
    return setup;
}

void report_gpu(const Model& model) {
    if (!model.gpu_note().empty()) std::fprintf(stderr, "note: %s\n", model.gpu_note().c_str());
    if (!model.gpu_label().empty()) std::fprintf(stderr, "note: %s\n", model.gpu_label().c_str());
}

void save_history(const ModelSetup& setup) {
    if (!setup.history || setup.history_path.empty()) return;
    try {
        setup.history->save(setup.history_path);
    } catch (const Error& e) {
        std::fprintf(stderr, "warning: routing history not saved: %s\n", e.what());
    }
}

}  // namespace peng::cli
