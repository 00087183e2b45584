// peng-cli run MODEL (--tokens IDS | --prompt TEXT [--raw] | --messages FILE.json) [--no-think] [--ngen N] [--temp T]
//   [--top-p P] [--top-k K] [--seed S] [--threads N] [--prefill-block N] [--json]
//   [--ram GB] [--vram GB|auto] [--cap N] (and the other placement options of model_setup.h)
//   [--bound]: also measure disk and memory bandwidth and report the run's speed bound
//   [--kv-store DIR|none]: where prompt prefixes are reused from and saved (default: the data folder)
// Generates a continuation through the engine API. Text streams to stdout as it is produced; with --json the
// last line of stdout is one JSON object with the run's measurements.
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "decode_roofline.h"
#include "experts/cache_replay.h"
#include "messages_file.h"
#include "model/model.h"
#include "experts/routing_structure.h"
#include "model/routing_trace.h"
#include "model_setup.h"
#include "plan/bandwidth.h"
#include "plan/memory_probe.h"
#include "plan/overlap_bound.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr int kDefaultTokens = 64;
const std::string kSummary = "generates from one prompt and reports the speed; stops after " +
                             std::to_string(kDefaultTokens) + " tokens unless --ngen says otherwise";

// The expert tiers' share of the run and the profile buckets the engine computed (the
// same the app's timeline shows).
nlohmann::json run_profile(const Model& model, bool prefetch, const Reply& reply, const ExpertStats& before,
                           const ForwardProfile& profile_before) {
    const ExpertStats s = model.experts().stats();
    const ForwardProfile& p = model.profile();
    const uint64_t routed = p.routed - profile_before.routed;
    return {{"disk_service_s", reply.phases.disk_service_s},
            {"disk_busy_s", reply.phases.disk_busy_s},
            {"disk_wait_s", reply.phases.disk_wait_s},
            {"expert_matmul_s", reply.phases.expert_matmul_s},
            {"attention_s", reply.phases.attention_s},
            {"dense_s", reply.phases.dense_s},
            {"other_s", reply.phases.other_s},
            {"bytes_read", reply.phases.disk_bytes},
            {"hits_vram", s.vram_hits - before.vram_hits},
            {"hits_pinned", s.pinned_hits - before.pinned_hits},
            {"hits_slot", s.slot_hits - before.slot_hits},
            {"misses", s.misses - before.misses},
            {"prefetch", prefetch},
            {"prefetch_reads", s.prefetch_reads - before.prefetch_reads},
            {"prefetch_used", s.prefetch_used - before.prefetch_used},
            {"prefetch_cancelled", s.prefetch_cancelled - before.prefetch_cancelled},
            {"prefetch_unused", s.prefetch_unused - before.prefetch_unused},
            {"next_token_guesses", p.next_token_guesses - profile_before.next_token_guesses},
            {"next_token_guess_hits", p.next_token_guess_hits - profile_before.next_token_guess_hits},
            {"prefetch_recall", routed ? double(p.prefetch_correct - profile_before.prefetch_correct) / double(routed) : 0.0},
            {"direct_io", model.experts().direct_io()},
            {"expert_slots_per_layer", model.experts().cap()},
            {"pinned_experts", model.experts().pins().size()}};
}

// Where a decode token's time went, in milliseconds per token: the whole call's profile
// is mostly the prompt's on short answers.
nlohmann::json decode_profile_report(const PhaseTimes& p, int tokens) {
    const double ms = tokens > 0 ? 1000.0 / tokens : 0.0;
    return {{"tokens", tokens},
            {"wall", p.wall_s * ms},
            {"disk_wait", p.disk_wait_s * ms},
            {"expert_matmul", p.expert_matmul_s * ms},
            {"attention", p.attention_s * ms},
            {"dense", p.dense_s * ms},
            {"other", p.other_s * ms},
            {"disk_busy", p.disk_busy_s * ms}};
}

// Streams text to stdout (unless --json), notes to stderr, routing to a trace; counts
// the decode's routed experts found in memory when routed (a finished or running
// speculative read counts as found).
class RunObserver : public StderrNotes {
public:
    RunObserver(bool quiet, RoutingTraceRecorder& trace, int first_decode_position)
        : quiet_(quiet), trace_(trace), first_decode_(first_decode_position) {}
    void on_token(int, const std::string& delta) override {
        if (quiet_ || delta.empty()) return;
        std::fputs(delta.c_str(), stdout);
        std::fflush(stdout);
    }
    void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                    const std::vector<ExpertTier>& served) override {
        trace_.on_routing(layer, position, routes, served);
        if (position < first_decode_) return;
        decode_routed += served.size();
        decode_found +=
            size_t(std::count_if(served.begin(), served.end(), [](ExpertTier t) { return t != ExpertTier::Disk; }));
    }
    // The decode tokens' phases summed (the first token's time holds the prompt's).
    void on_token_profile(const TokenProfile& p) override {
        decode_phases += p.phases;
        ++decode_profiled;
    }
    uint64_t decode_routed = 0, decode_found = 0;
    PhaseTimes decode_phases;
    int decode_profiled = 0;

private:
    bool quiet_;
    RoutingTraceRecorder& trace_;
    int first_decode_;
};

// The machine bound: the streamed roofline's compute and the disk's reads, overlapped
// as plan/overlap_bound.h does, the disk at its rate beside the memory's reads and the
// compute at the share of the cores' cycles they keep while the disk reads (the FMA
// yardstick, plan/bandwidth.h). A vCPU the host takes away issues no loads either, so
// memory-bound parts lose that share too, and the bound stays one that no engine of
// these kernels beats on this machine; its ratio is how close this engine comes.
nlohmann::json machine_bound_json(double compute_seconds, double disk_bytes, double resident_bytes, ReadRates alone,
                                  double disk_GBps_beside_memory, const CoresBesideDiskResult& cores, double bound,
                                  double tokens_per_s) {
    // Nothing measured beside the disk (no pass ended while it read): no sign of a cost.
    const double share = cores.passes > 0 && cores.share() > 0 ? std::min(1.0, cores.share()) : 1.0;
    const double disk_together = disk_GBps_beside_memory > 0 ? disk_GBps_beside_memory : alone.disk_GBps;
    // The compute as the resident bytes at the rate that takes compute_seconds over them.
    const double compute_GBps = compute_seconds > 0 ? resident_bytes / compute_seconds / 1e9 : 0;
    const double seconds = overlapped_read_seconds(disk_bytes, resident_bytes, {alone.disk_GBps, compute_GBps},
                                                   {disk_together, compute_GBps * share});
    const double machine = seconds > 0 ? 1 / seconds : 0;
    return {{"cores_GFLOPs", cores.alone_GFLOPs},
            {"cores_GFLOPs_while_disk_reads", cores.while_disk_GFLOPs},
            {"cores_share_while_disk_reads", cores.share()},
            {"decode_bound_tokens_per_s", machine},
            {"of_bound", bound > 0 ? machine / bound : 0.0},
            {"ratio", machine > 0 ? tokens_per_s / machine : 0.0}};
}

// The replayed hit rates at each cap of kReplayCaps plus the run's own, and the store's
// real decode figures at the run's cap to set against them (cache_replay.h).
constexpr int kReplayCaps[] = {8, 16, 32, 64};
// Decode steps of perfect foresight the replays also try: how far ahead a predictor
// would have to see to bring the policy near Belady.
const std::vector<size_t> kForesightSteps = {1, 4, 16};

nlohmann::json foresight_report(const CacheReplay& r) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& f : r.foresight) out[std::to_string(f.steps)] = f.hit_rate;
    return out;
}

nlohmann::json cache_replay_report(const Model& model, const RoutingTraceRecorder& trace, const RunObserver& observer,
                                   const Reply& result) {
    const auto pin_list = model.experts().pins();
    const std::set<std::pair<int, int>> pins(pin_list.begin(), pin_list.end());
    const CachePolicy policy = model.experts().policy();
    const CacheReplay own =
        replay_trace(trace.trace(), model.experts().cap(), pins, trace.warmup_steps(), policy, kForesightSteps);
    nlohmann::json table = nlohmann::json::array();
    for (int cap : kReplayCaps) {
        const CacheReplay r =
            cap == own.slots_per_layer
                ? own
                : replay_trace(trace.trace(), cap, pins, trace.warmup_steps(), policy, kForesightSteps);
        table.push_back({{"slots", cap},
                         {"lru", r.lru_hit_rate},
                         {"lfu", r.lfu_hit_rate},
                         {"policy", r.policy_hit_rate},
                         {"belady", r.belady_hit_rate},
                         {"policy_foreseeing", foresight_report(r)}});
    }
    // Reads the decode needed (misses, and speculative reads it used) per routed expert:
    // what the replays count as misses.
    const uint64_t expert_bytes = model.experts().expert_bytes();
    const double needed_reads = expert_bytes ? double(result.decode_needed_disk_bytes) / double(expert_bytes) : 0.0;
    const double all_reads = expert_bytes ? double(result.decode_disk_bytes) / double(expert_bytes) : 0.0;
    const double requests = double(own.requests);
    const double found = observer.decode_routed ? double(observer.decode_found) / double(observer.decode_routed) : 1.0;
    return {{"requests", own.requests},
            {"slots", own.slots_per_layer},
            {"policy", cache_policy_name(policy)},
            {"warmup_steps", trace.warmup_steps()},
            {"lru_hit_rate", own.lru_hit_rate},
            {"lfu_hit_rate", own.lfu_hit_rate},
            {"policy_hit_rate", own.policy_hit_rate},
            {"belady_hit_rate", own.belady_hit_rate},
            // The policy told the next N decode steps' routing exactly, by N.
            {"policy_foreseeing_hit_rate", foresight_report(own)},
            {"store_read_hit_rate", requests > 0 ? std::max(0.0, 1.0 - needed_reads / requests) : 1.0},
            // Every decode read counted, wrong guesses included: the disk's view.
            {"store_disk_hit_rate", requests > 0 ? std::max(0.0, 1.0 - all_reads / requests) : 1.0},
            {"store_found_rate", found},
            {"table", table}};
}

int run(int argc, char** argv) {
    Args args("run", kSummary);
    declare_model_word(args);
    args.option("tokens", "IDS", "the prompt as token ids, e.g. 1,2,3")
        .option("prompt", "TEXT", "the prompt as a user message, through the model's chat template")
        .option("messages", "FILE.json", "the prompt as a conversation: a JSON list of {role, content}")
        .flag("raw", "with --prompt: the text as it is, without the chat template")
        .flag("no-think", "answer without a thinking block");
    declare_sampling_options(args, kDefaultTokens, 1.0);
    args.option("prefill-block", "N", "prompt tokens per forward step", "64");
    declare_model_options(args);
    args.flag("json", "end with one line of JSON: the run's measurements")
        .flag("bound", "also measure disk and memory bandwidth and report the run's speed bound")
        .requires_text("(--tokens IDS | --prompt TEXT | --messages FILE.json)")
        .parse(argc, argv);
    const int inputs = int(args.has("tokens")) + int(args.has("prompt")) + int(args.has("messages"));
    if (inputs != 1) args.usage_error();
    const std::string dir = model_dir(args);
    const int prefill_block = args.get_int("prefill-block", 64, kPrefillBlockRange);
    const bool json = args.has("json");

    StderrNotes load_notes;
    const LoadOptions load = load_options(dir, args, prefill_block);
    std::unique_ptr<Engine> engine = Engine::open(load, &load_notes);
    const Model& model = engine->model();
    const RunSettings settings = run_settings(args, model.checkpoint().generation(), kDefaultTokens, 1.0);

    if (args.has("raw") && !args.has("prompt")) throw Error("--raw goes with --prompt (the text is used as it is)");
    std::vector<int> prompt;
    if (args.has("tokens")) {
        prompt = parse_id_list(*args.get("tokens"));
    } else {
        ChatRequest request;
        request.thinking = !args.has("no-think");
        if (args.has("messages")) {
            request.messages = read_messages_file(*args.get("messages"));
        } else {
            request.messages.push_back({{"role", "user"}, {"content", *args.get("prompt")}});
        }
        prompt = args.has("raw") ? engine->tokenize(*args.get("prompt")) : engine->prompt(request).tokens;
    }

    // Decode rows are counted steps; the prompt's blocks warm the replayed caches up.
    RoutingTraceRecorder trace(model.config().num_layers, static_cast<int>(prompt.size()), prefill_block);
    RunObserver observer(json, trace, static_cast<int>(prompt.size()));
    const ExpertStats stats_before = model.experts().stats();
    const ForwardProfile profile_before = model.profile();
    const Reply result = engine->complete(prompt, "", settings, &observer);
    if (!json) std::fputs("\n", stdout);

    const double decode_tokens = result.tokens.size() > 1 ? double(result.tokens.size() - 1) : 0.0;
    nlohmann::json report = {
        {"tokens_per_s", result.decode_s > 0 ? decode_tokens / result.decode_s : 0.0},
        {"ttft_s", result.ttft_s},
        {"generated_tokens", result.tokens.size()},
        {"prompt_tokens", prompt.size()},
        {"prefix_reused_tokens", result.prefix_reused_tokens},
        {"prefix_source", reuse_source_name(result.reuse_source)},
        {"hit_rate", result.hit_rate()},
        {"decode_disk_bytes", result.decode_disk_bytes},
        {"prefill_disk_bytes", result.prefill_disk_bytes},
        {"rss_peak_bytes", peak_rss_bytes()},
        {"expert_cap", model.experts().cap()},
        {"stop_reason", result.stop_reason},
        {"tokens", result.tokens},
        {"exact", result.exact},
        {"ram_budget_bytes", engine->info().plan.budget_bytes},
        {"ram_budget_limited_by", engine->info().plan.budget_limited_by},
        {"prefix_cache_bytes", engine->info().plan.prefix_cache_bytes},
        {"trimmed_bytes", result.trimmed_bytes},
        // The expert cache's memory, faulted in while the model loaded (slot_pool.h).
        {"slot_pool", model.experts().slot_pool()
                          ? nlohmann::json{{"bytes", model.experts().slot_pool()->warm_bytes()},
                                           {"warm_s", model.experts().slot_pool()->warm_seconds()}}
                          : nlohmann::json(nullptr)},
        {"profile", run_profile(model, result.prefetch, result, stats_before, profile_before)},
        {"decode_profile_ms_per_token", decode_profile_report(observer.decode_phases, observer.decode_profiled)},
    };
    // What the cache policy leaves on the table: the same routing replayed through LRU,
    // LFU, the store's policy and Belady's offline optimum, with the same pins.
    report["cache_replay"] = cache_replay_report(model, trace, observer, result);
    const RoutingStructure routing = routing_structure(trace.trace(), trace.warmup_steps(), model.config().n_routed_experts);
    report["routing"] = {{"mean_load_entropy", routing.mean_load_entropy},
                         {"mean_step_reuse", routing.mean_step_reuse},
                         {"decode_steps", routing.decode_steps},
                         {"load_entropy", routing.load_entropy}};
    if (args.has("bound")) {
        // The decode speed limit of this run, from bandwidths measured now on this
        // machine: 1 / max(disk bytes per token / disk bandwidth, resident bytes
        // touched per token / memory bandwidth). The disk bytes are those the routing
        // needed: wrong speculative reads would raise the disk term and flatter the ratio.
        const std::vector<std::string> shards = model.checkpoint().file_paths();
        const DiskReadResult disk = measure_disk_read(shards, model.experts().expert_bytes(), 96,
                                                      load.io_threads);
        // One buffer for the memory read alone and the one beside the disk's (below).
        const MemoryReadBuffer memory(2ULL << 30);
        const double memory_GBps = memory.best_GBps(3);
        const double disk_per_token = decode_tokens > 0 ? double(result.decode_needed_disk_bytes) / decode_tokens : 0;
        const double read_per_token = decode_tokens > 0 ? double(result.decode_disk_bytes) / decode_tokens : 0;
        const double resident_per_token = double(engine->info().plan.resident_bytes_per_token);
        const double disk_seconds = disk_per_token / (disk.GBps * 1e9);
        const double seconds = std::max(disk_seconds, resident_per_token / (memory_GBps * 1e9));
        const double bound = seconds > 0 ? 1.0 / seconds : 0;
        report["bound"] = {{"disk_GBps", disk.GBps},
                           {"memory_GBps", memory_GBps},
                           {"disk_bytes_per_token", disk_per_token},
                           {"disk_bytes_read_per_token", read_per_token},
                           {"resident_bytes_per_token", engine->info().plan.resident_bytes_per_token},
                           {"decode_bound_tokens_per_s", bound},
                           // The share of decode time the disk had a read to do: past
                           // the bound, what keeps the ratio from 1 is time it sat idle.
                           {"decode_disk_busy_share", result.decode_s > 0 ? result.decode_disk_busy_s / result.decode_s : 0.0},
                           {"ratio", bound > 0 ? report["tokens_per_s"].get<double>() / bound : 0.0}};
        // The roofline: the same bytes, each part at min(memory, what the cores multiply
        // its format at in cache). Its ratio near 1 with the bound's well below says
        // the kernels, not the overlap, hold decode back (decode_roofline.h).
        // Its `streamed` part takes each part at the rate its kernels reach from memory:
        // `of_bound` is how much of the bound an engine made of these kernels can reach.
        nlohmann::json roofline =
            roofline_json(decode_roofline_parts(model), memory_GBps, disk_seconds, report["tokens_per_s"].get<double>());
        roofline["streamed"]["of_bound"] =
            bound > 0 ? roofline["streamed"]["decode_bound_tokens_per_s"].get<double>() / bound : 0.0;
        report["bound"]["roofline"] = std::move(roofline);
        // The same bytes when the disk and the memory read at once: where one slows the
        // other (plan/overlap_bound.h), no engine reaches the bound above on this machine;
        // `of_bound` says how much of it can be reached at all.
        const SharedReadResult together =
            measure_reads_together(memory, shards, model.experts().expert_bytes(), 96, load.io_threads);
        const double shared_seconds = overlapped_read_seconds(disk_per_token, resident_per_token, {disk.GBps, memory_GBps},
                                                              {together.disk_GBps, together.memory_GBps});
        const double shared_bound = shared_seconds > 0 ? 1.0 / shared_seconds : 0;
        report["bound"]["shared"] = {{"disk_GBps_while_memory_reads", together.disk_GBps},
                                     {"memory_GBps_while_disk_reads", together.memory_GBps},
                                     {"memory_reads", together.memory_passes},
                                     {"decode_bound_tokens_per_s", shared_bound},
                                     {"of_bound", bound > 0 ? shared_bound / bound : 0.0},
                                     {"ratio", shared_bound > 0 ? report["tokens_per_s"].get<double>() / shared_bound : 0.0}};
        report["bound"]["machine"] = machine_bound_json(
            report["bound"]["roofline"]["streamed"]["compute_seconds_per_token"].get<double>(), disk_per_token,
            resident_per_token, {disk.GBps, memory_GBps}, together.disk_GBps,
            measure_cores_beside_disk(shards, model.experts().expert_bytes(), 96, load.io_threads), bound,
            report["tokens_per_s"].get<double>());
    }
    if (model.gpu()) {
        report["gpu"] = {{"device", model.gpu()->device_name()},
                         {"dense_matrices", model.gpu()->dense_held()},
                         {"experts", model.gpu()->experts_held()},
                         {"vram_bytes", model.gpu()->used_bytes()},
                         {"device_matmuls", model.device_matmuls()},
                         {"label", model.gpu_label()}};
    }
    if (engine->has_tokenizer()) report["text"] = result.text;
    if (json) std::printf("%s\n", report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    else
        std::fprintf(stderr, "%zu tokens, %.2f tok/s, ttft %.3f s (%d of %zu prompt tokens reused), expert hit rate %.3f, stop: %s%s%s\n",
                     result.tokens.size(), result.tokens_per_s, result.ttft_s, result.prefix_reused_tokens,
                     prompt.size(), result.hit_rate(), result.stop_reason.c_str(), model.gpu() ? "; " : "",
                     model.gpu_label().c_str());
    return 0;
}

const Command registered{"run", kSummary, run};

}  // namespace
}  // namespace peng::cli
