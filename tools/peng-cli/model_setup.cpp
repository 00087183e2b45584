#include "model_setup.h"

#include <cstdio>

#include "api/model_folders.h"
#include "experts/eviction_order.h"
#include "util/error.h"

namespace peng::cli {

void declare_model_word(Args& args) {
    args.words("MODEL", "MODEL is a model folder, or the repository name it was downloaded under\n"
                        "(XiaomiMiMo/MiMo-V2.6-Flash: " + model_folder_for("XiaomiMiMo/MiMo-V2.6-Flash") +
                            "; peng-cli list shows them).");
}

void declare_model_options(Args& args, bool kv_store) {
    const LoadOptions d;
    args.option("ram", "GB", "RAM for the whole engine (0 = available memory minus a reserve)", "0")
        .option("vram", "GB|auto", "GPU memory for the VRAM tier; off by default (its logits are not byte-identical)", "0")
        .option("cap", "N", "expert slots per MoE layer (0 = every expert; default: the plan decides)")
        .option("cache-policy", "lru|frequency", "which cached expert a read evicts (never changes the output)",
                cache_policy_name(d.cache_policy))
        .option("context", "N", "tokens the KV cache is planned for", std::to_string(d.context_tokens))
        .option("prefetch", "on|off|auto", "read the experts the router lookahead expects (never changes the output)",
                "auto")
        .option("topk", "K", "lossy: keep only each token's K best experts (0 = off)", "0")
        .option("topp", "P", "lossy: keep each token's best experts up to P of the weight (0 = off)", "0")
        .option("history", "FILE|none", "routing history to learn from and pin by (default: the data folder)")
        .option("io-threads", "N", "threads reading experts from disk", std::to_string(d.io_threads))
        .flag("buffered", "read experts through the page cache instead of O_DIRECT");
    if (kv_store) args.option("kv-store", "DIR|none", "conversation KV files (default: the data folder)");
}

void declare_sampling_options(Args& args, int default_tokens, double default_top_p) {
    char top_p[32];
    std::snprintf(top_p, sizeof top_p, "%g", default_top_p);
    args.option("ngen", "N", "stop after N new tokens", std::to_string(default_tokens))
        .option("temp", "T", "sampling temperature, 0 = greedy (default: the model's generation_config.json, else 1)")
        .option("top-p", "P", std::string("nucleus sampling (default: the model's generation_config.json, else ") +
                                  top_p + ")")
        .option("top-k", "K", "sample from the K likeliest tokens (default: generation_config.json, else 0 = all)")
        .option("seed", "S", "random seed of the sampler", "0");
    declare_threads_option(args);
}

void declare_threads_option(Args& args) {
    args.option("threads", "N", "compute threads (default: OpenMP's, one per core)");
}

std::string model_dir(const Args& args) {
    if (args.positional().size() != 1) args.usage_error();
    return resolve_model_folder(args.positional()[0]);
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
    o.kv_store = args.declares("kv-store") ? args.get_or("kv-store", "") : "";
    return o;
}

RunSettings run_settings(const Args& args, const GenerationConfig& generation, int default_tokens,
                         double default_top_p) {
    RunSettings r;
    // A flag the command does not take (serve has no --temp, bench prefill no --ngen) keeps the default.
    const auto given = [&](const char* name) { return args.declares(name) && args.has(name); };
    r.max_new_tokens = given("ngen") ? args.get_int("ngen", 0, kAnswerTokensRange) : default_tokens;
    r.sampling.temperature = generation.temperature.value_or(1.0);
    if (given("temp")) r.sampling.temperature = args.get_real("temp", 0, kTemperatureRange);
    r.sampling.top_p = generation.top_p.value_or(default_top_p);
    if (given("top-p")) r.sampling.top_p = args.get_real("top-p", 0, kSamplingTopPRange);
    r.sampling.top_k = generation.top_k.value_or(0);
    if (given("top-k")) r.sampling.top_k = args.get_int("top-k", 0, kSamplingTopKRange);
    if (given("seed")) r.sampling.seed = args.get_uint64("seed", 0, {0, UINT64_MAX});
    const RunConfig run = run_config(args);
    r.trim = run.trim;
    r.prefetch = run.prefetch;
    if (given("threads")) r.threads = args.get_int("threads", 0, kThreadsRange);  // absent: 0, OpenMP's default
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
