#include "model_setup.h"

#include <cstdio>

#include "util/error.h"

namespace peng::cli {

const std::set<std::string> kModelOptions = {"ram", "vram", "cap", "context", "prefetch", "topk",
                                             "topp", "history", "io-threads", "kv-store"};
const std::set<std::string> kModelFlags = {"buffered"};

std::set<std::string> with_model_options(std::set<std::string> own) {
    own.insert(kModelOptions.begin(), kModelOptions.end());
    return own;
}

std::set<std::string> with_model_flags(std::set<std::string> own) {
    own.insert(kModelFlags.begin(), kModelFlags.end());
    return own;
}

void StderrNotes::on_note(const std::string& text) { std::fprintf(stderr, "note: %s\n", text.c_str()); }

namespace {

uint64_t gigabytes(const Args& args, const std::string& name) {
    const double gb = args.get_double(name, 0);
    if (!(gb >= 0)) throw Error("--" + name + " must be a number of gigabytes");
    return static_cast<uint64_t>(gb * 1e9);
}

PrefetchMode prefetch_mode(const Args& args) {
    const std::string prefetch = args.get_or("prefetch", "auto");
    if (prefetch == "on") return PrefetchMode::On;
    if (prefetch == "off") return PrefetchMode::Off;
    if (prefetch != "auto") throw Error("--prefetch must be on, off or auto");
    return PrefetchMode::Auto;
}

ExpertTrim expert_trim(const Args& args) {
    ExpertTrim trim;
    trim.top_k = static_cast<int>(args.get_int("topk", 0));
    trim.top_p = args.get_double("topp", 0);
    if (trim.active()) std::fprintf(stderr, "note: TOPK/TOPP expert trimming is on: the output is approximate (lossy)\n");
    return trim;
}

}  // namespace

LoadOptions load_options(const std::string& dir, const Args& args, int prefill_block) {
    LoadOptions o;
    o.model_dir = dir;
    o.ram_budget_bytes = gigabytes(args, "ram");
    // --vram GB or --vram auto asks for the GPU tier; it is off by default because
    // its logits are not byte-identical to the CPU's. --vram 0 keeps it off.
    const std::string vram = args.get_or("vram", "");
    if (vram == "auto") {
        o.vram = VramMode::Auto;
    } else if (!vram.empty()) {
        o.vram = VramMode::Budget;
        o.vram_budget_bytes = gigabytes(args, "vram");
    }
    if (args.has("cap")) {
        const long long cap = args.get_int("cap", 0);
        if (cap < 0) throw Error("--cap must be 0 (all) or a number of slots per layer");
        o.expert_slots = static_cast<int>(cap);
    }
    if (args.get_int("context", 4096) <= 0) throw Error("--context must be positive");
    o.context_tokens = static_cast<int>(args.get_int("context", 4096));
    o.prefill_block = prefill_block;
    o.direct_io = !args.has("buffered");
    if (args.get_int("io-threads", 4) <= 0) throw Error("--io-threads must be positive");
    o.io_threads = static_cast<int>(args.get_int("io-threads", 4));
    o.history = args.get_or("history", "");
    o.kv_store = args.get_or("kv-store", "");
    return o;
}

RunSettings run_settings(const Args& args, const GenerationConfig& generation, int default_tokens,
                         double default_top_p) {
    RunSettings r;
    r.max_new_tokens = static_cast<int>(args.get_int("ngen", default_tokens));
    if (r.max_new_tokens <= 0) throw Error("--ngen must be a positive number of tokens");
    r.sampling.temperature = args.get_double("temp", generation.temperature.value_or(1.0));
    r.sampling.top_p = args.get_double("top-p", generation.top_p.value_or(default_top_p));
    r.sampling.top_k = static_cast<int>(args.get_int("top-k", generation.top_k.value_or(0)));
    r.sampling.seed = static_cast<uint64_t>(args.get_int("seed", 0));
    r.trim = expert_trim(args);
    r.prefetch = prefetch_mode(args);
    if (args.has("threads")) {
        r.threads = static_cast<int>(args.get_int("threads", 1));
        if (r.threads <= 0) throw Error("--threads must be positive");
    }
    return r;
}

Placement place(const std::string& dir, const Args& args, int prefill_block) {
    std::vector<std::string> notes;
    Placement p = place_model(load_options(dir, args, prefill_block), notes);
    for (const std::string& line : notes) std::fprintf(stderr, "note: %s\n", line.c_str());
    p.model.store.pins = p.plan.pins;
    p.model.trim = expert_trim(args);
    p.model.prefetch = prefetch_mode(args);
    return p;
}

void report_gpu(const Model& model) {
    if (!model.gpu_note().empty()) std::fprintf(stderr, "note: %s\n", model.gpu_note().c_str());
    if (!model.gpu_label().empty()) std::fprintf(stderr, "note: %s\n", model.gpu_label().c_str());
}

void save_history(const Placement& placement) {
    if (!placement.history || placement.history_path.empty()) return;
    try {
        placement.history->save(placement.history_path);
    } catch (const Error& e) {
        std::fprintf(stderr, "warning: routing history not saved: %s\n", e.what());
    }
}

}  // namespace peng::cli
