#include "model_setup.h"

#include <cstdio>

#include "util/error.h"

namespace peng::cli {

const std::set<std::string> kModelOptions = {"ram", "vram", "cap", "context", "prefetch", "topk",
                                             "topp", "history", "io-threads", "kv-store", "cache-policy"};
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

PrefetchMode prefetch_mode(const Args& args) {
    const std::string prefetch = args.get_or("prefetch", "auto");
    if (prefetch == "on") return PrefetchMode::On;
    if (prefetch == "off") return PrefetchMode::Off;
    if (prefetch != "auto") throw Error("--prefetch must be on, off or auto");
    return PrefetchMode::Auto;
}

ExpertTrim expert_trim(const Args& args) {
    ExpertTrim trim;
    trim.top_k = args.get_int("topk", 0, kTrimTopKRange);
    trim.top_p = args.get_real("topp", 0, kTrimTopPRange);
    if (trim.active()) std::fprintf(stderr, "note: TOPK/TOPP expert trimming is on: the output is approximate (lossy)\n");
    return trim;
}

}  // namespace

RunConfig run_config(const Args& args) {
    RunConfig run;
    run.trim = expert_trim(args);
    run.prefetch = prefetch_mode(args);
    return run;
}

LoadOptions load_options(const std::string& dir, const Args& args, int prefill_block) {
    LoadOptions o;
    o.model_dir = dir;
    if (auto ram = args.get("ram")) o.ram_budget_bytes = parse_ram_gigabytes("--ram", *ram);
    // --vram GB or --vram auto asks for the GPU tier; it is off by default because
    // its logits are not byte-identical to the CPU's. --vram 0 keeps it off.
    const std::string vram = args.get_or("vram", "");
    if (vram == "auto") {
        o.vram = VramMode::Auto;
    } else if (!vram.empty()) {
        o.vram = VramMode::Budget;
        o.vram_budget_bytes = parse_vram_gigabytes("--vram", vram);
    }
    o.expert_slots = args.get_int("cap", o.expert_slots, kExpertSlotsRange);  // 0 = every expert
    if (auto policy = args.get("cache-policy")) o.cache_policy = parse_cache_policy(*policy);
    o.context_tokens = args.get_int("context", o.context_tokens, kContextRange);
    o.prefill_block = prefill_block;
    o.direct_io = !args.has("buffered");
    o.io_threads = args.get_int("io-threads", o.io_threads, kIoThreadsRange);
    o.history = args.get_or("history", "");
    o.kv_store = args.get_or("kv-store", "");
    return o;
}

RunSettings run_settings(const Args& args, const GenerationConfig& generation, int default_tokens,
                         double default_top_p) {
    RunSettings r;
    r.max_new_tokens = args.get_int("ngen", default_tokens, kAnswerTokensRange);
    r.sampling.temperature = args.get_real("temp", generation.temperature.value_or(1.0), kTemperatureRange);
    r.sampling.top_p = args.get_real("top-p", generation.top_p.value_or(default_top_p), kSamplingTopPRange);
    r.sampling.top_k = args.get_int("top-k", generation.top_k.value_or(0), kSamplingTopKRange);
    r.sampling.seed = args.get_uint64("seed", 0, {0, UINT64_MAX});
    const RunConfig run = run_config(args);
    r.trim = run.trim;
    r.prefetch = run.prefetch;
    r.threads = args.get_int("threads", r.threads, kThreadsRange);  // absent: 0, OpenMP's default
    return r;
}

Placement place(const std::string& dir, const Args& args, int prefill_block) {
    std::vector<std::string> notes;
    Placement p = place_model(load_options(dir, args, prefill_block), notes);
    for (const std::string& line : notes) std::fprintf(stderr, "note: %s\n", line.c_str());
    p.model.store.pins = p.plan.pins;
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
