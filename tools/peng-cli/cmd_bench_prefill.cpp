// peng-cli bench prefill DIR [--prompt-tokens N] [--seed S] [--ram GB] [--threads N] [--prefill-block N] [--json]
//   [--memory-probe-mib M] (and the placement options of model_setup.h but --kv-store;
//   --history defaults to none)
// Time to first token for an N-token prompt (default 2000) and where the prefill's time
// went, through the engine API, each figure against a limit measured in the same run:
//  - the profile's buckets of the call (prefill, then sampling the one token generated);
//  - expert bytes read from disk against the distinct experts the prefill routed: over
//    the whole prompt, and summed over its chunks (each MoE layer of each forward()
//    block, ForwardProfile::routed). The batch union reads each expert a chunk touches
//    at most once, so bytes read <= 1.05 x the chunks' sum is the target (research
//    performance anchors, item 10); the whole-prompt ratio shows what the cache saved;
//  - the FLOPs of the expert, attention and dense buckets over their times, against the
//    cores' f32 FMA peak measured after the prefill on the same threads and kernel path
//    (kernels/fma_peak.h); and the experts' weight bytes their matmuls read (once per
//    chunk each) over the expert time, against the memory read bandwidth measured as
//    `run --bound` does (over M MiB, default 2048: keep it far above the last-level
//    cache): a chunk gives an expert only a few rows, so its kernels may be held by
//    memory or by decoding the weights rather than by the FMA pipes;
//  - the bytes read over the O_DIRECT bandwidth measured after the prefill, as
//    `run --bound` measures it: the shortest time the reads could take, as a share of
//    the time to first token and of the time the disk was busy.
// The prompt: N ids drawn uniformly from the tokenizer's ids by splitmix64 seeded with
// --seed (default 1), the same on every machine. No KV file is read or written (a
// reused prefix would skip the prefill), and no routing history unless --history names
// one, so that runs repeat: pins learnt by a previous run would change the reads.
// cpu_share (the process's CPU time per compute thread and wall second of the call)
// well below 1 says other programs took the cores and the times are long; with the
// default OMP_WAIT_POLICY (reported) a thread that waits spins, so on a loaded machine
// each of the expert matmuls' short parallel regions can stall for a preempted peer.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "args.h"
#include "benches.h"
#include "cpu_time.h"
#include "kernels/fma_peak.h"
#include "model/model.h"
#include "model_setup.h"
#include "plan/bandwidth.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr int kDefaultPromptTokens = 2000;
constexpr double kFmaProbeSeconds = 0.5;
constexpr int kDiskProbeRequests = 96;  // as run --bound
constexpr int kMemoryProbeMiB = 2048;  // as run --bound

uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::vector<int> seeded_prompt(int tokens, int vocabulary, uint64_t seed) {
    std::vector<int> ids(tokens);
    uint64_t state = seed;
    for (int& id : ids) id = int(splitmix64(state) % uint64_t(vocabulary));
    return ids;
}

// The distinct experts each MoE layer's routing named during the call.
class DistinctExperts : public StderrNotes {
public:
    explicit DistinctExperts(int layers) : per_layer_(layers) {}
    void on_routing(int layer, int, const std::vector<RoutedExpert>& routes, const std::vector<ExpertTier>&) override {
        for (const RoutedExpert& r : routes) per_layer_[layer].insert(r.expert);
    }
    const std::vector<std::set<int>>& per_layer() const { return per_layer_; }
    size_t total() const {
        size_t n = 0;
        for (const auto& s : per_layer_) n += s.size();
        return n;
    }

private:
    std::vector<std::set<int>> per_layer_;
};

double ratio(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

// One bucket's work against its time and the FMA peak.
nlohmann::json compute_bucket(uint64_t flops, double seconds, double peak_GFLOPs) {
    const double GFLOPs = ratio(double(flops) / 1e9, seconds);
    return {{"flops", flops}, {"seconds", seconds}, {"GFLOPs", GFLOPs}, {"peak_ratio", ratio(GFLOPs, peak_GFLOPs)}};
}

double num(const nlohmann::json& j) { return j.get<double>(); }

void print_summary(const nlohmann::json& r) {
    const auto& p = r["profile"];
    const auto& e = r["experts"];
    const auto& c = r["compute"];
    const auto& d = r["disk"];
    const double wall = num(p["wall_s"]);
    std::printf("prefill of %d tokens (seed %s, blocks of %d, %d threads, %s): time to first token %.2f s "
                "(%.1f prompt tokens/s), cpu share %.2f, OMP_WAIT_POLICY %s\n",
                r["prompt_tokens"].get<int>(), r["prompt_seed"].dump().c_str(), r["prefill_block"].get<int>(),
                r["threads"].get<int>(), r["isa"].get<std::string>().c_str(), num(r["ttft_s"]),
                num(r["prompt_tokens_per_s"]), num(r["cpu_share"]), r["omp_wait_policy"].get<std::string>().c_str());
    std::printf("where the time went (%.2f s):", wall);
    for (const char* bucket : {"disk_wait", "expert_matmul", "attention", "dense", "other"}) {
        const double s = num(p[std::string(bucket) + "_s"]);
        std::string name = bucket;
        std::replace(name.begin(), name.end(), '_', ' ');
        std::printf(" %s %.2f s (%.0f%%)", name.c_str(), s, 100 * ratio(s, wall));
    }
    std::printf("; disk busy %.2f s\n", num(p["disk_busy_s"]));
    std::string layers;
    for (const auto& l : e["distinct_per_layer"]) layers += (layers.empty() ? "" : " ") + l["distinct"].dump();
    std::printf("experts: %.3f GB read from disk; %s distinct (%s per MoE layer) = %.3f GB, read %.2fx; chunks "
                "touched %s = %.3f GB, read %.2fx (target <= 1.05); hit rate %.3f, %s slots per layer, %s pinned, "
                "prefetch %s reads (%s used)\n",
                num(e["bytes_read"]) / 1e9, e["distinct"].dump().c_str(), layers.c_str(), num(e["distinct_bytes"]) / 1e9,
                num(e["read_ratio"]), e["chunk_loads"].dump().c_str(), num(e["chunk_bytes"]) / 1e9,
                num(e["chunk_read_ratio"]), num(e["hit_rate"]), e["slots_per_layer"].dump().c_str(),
                e["pinned"].dump().c_str(), e["prefetch_reads"].dump().c_str(), e["prefetch_used"].dump().c_str());
    std::printf("compute: FMA peak %.1f GFLOP/s (%.1f per thread)", num(c["fma_peak_GFLOPs"]),
                num(c["fma_peak_per_thread_GFLOPs"]));
    for (const char* bucket : {"expert", "attention", "dense"})
        std::printf("; %s %.1f GFLOP at %.1f GFLOP/s = %.1f%% of peak", bucket, num(c[bucket]["flops"]) / 1e9,
                    num(c[bucket]["GFLOPs"]), 100 * num(c[bucket]["peak_ratio"]));
    std::printf("; all of it at peak: %.2f s (%.0f%% of the time to first token)\n", num(c["peak_bound_s"]),
                100 * num(c["peak_bound_share"]));
    std::printf("expert weights: %.1f rows per expert and chunk, read by the kernels at %.2f GB/s = %.1f%% of the "
                "%.1f GB/s memory read\n",
                num(e["rows_per_chunk_load"]), num(c["expert_weight_GBps"]), 100 * num(c["expert_memory_ratio"]),
                num(c["memory_GBps"]));
    std::printf("disk: %.2f GB/s%s; the bytes read need %.2f s at that rate (%.0f%% of the time to first token, "
                "%.0f%% of the disk's busy time)\n",
                num(d["GBps"]), d["direct"].get<bool>() ? " O_DIRECT" : " buffered (O_DIRECT refused)",
                num(d["read_bound_s"]), 100 * num(d["read_bound_share"]), 100 * num(d["busy_ratio"]));
}

}  // namespace

int bench_prefill(int argc, char** argv) {
    Args args("bench prefill", kBenchPrefillSummary);
    args.words("DIR", "DIR is a model folder.")
        .option("prompt-tokens", "N", "the random prompt's length", std::to_string(kDefaultPromptTokens))
        .option("seed", "S", "seed of the random prompt", "1")
        .option("prefill-block", "N", "prompt tokens per forward step", "64")
        .option("memory-probe-mib", "N", "MiB the memory bandwidth probe reads", std::to_string(kMemoryProbeMiB));
    declare_threads_option(args);
    declare_model_options(args, false);
    args.flag("json", "print the result as JSON").parse(argc, argv);
    if (args.positional().size() != 1) args.usage_error();
    const int prompt_tokens = args.get_int("prompt-tokens", kDefaultPromptTokens, {1, 1 << 24});
    const uint64_t seed = args.get_uint64("seed", 1, {0, UINT64_MAX});
    const int prefill_block = args.get_int("prefill-block", 64, kPrefillBlockRange);
    const int memory_probe_mib = args.get_int("memory-probe-mib", kMemoryProbeMiB, {16, 1 << 20});
    const bool json = args.has("json");

    LoadOptions load = load_options(args.positional()[0], args, prefill_block);
    load.kv_store = "none";
    if (!args.has("history")) load.history = "none";
    StderrNotes load_notes;
    const auto load_start = std::chrono::steady_clock::now();
    std::unique_ptr<Engine> engine = Engine::open(load, &load_notes);
    const double load_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - load_start).count();
    const Model& model = engine->model();
    const ModelConfig& config = model.config();
    // The engine refuses such a prompt too, after the model is open; the bench says how to fix it.
    if (prompt_tokens >= engine->info().context_tokens)
        throw Error("--prompt-tokens " + std::to_string(prompt_tokens) + " does not fit the context of " +
                    std::to_string(engine->info().context_tokens) + " tokens: give fewer, or a larger --context");

    // --threads, --prefetch and the lossy trim as `run` takes them; one greedy token.
    RunSettings settings = run_settings(args, model.checkpoint().generation(), 1, 1.0);
    settings.max_new_tokens = 1;
    settings.sampling.temperature = 0;
    settings.repin = false;
    const std::vector<int> prompt =
        seeded_prompt(prompt_tokens, std::min(engine->info().vocab_size, config.vocab_size), seed);

    DistinctExperts distinct(config.num_layers);
    const ForwardProfile profile_before = model.profile();
    const ExpertStats stats_before = model.experts().stats();
    const double cpu_before = process_cpu_seconds();
    const Reply reply = engine->complete(prompt, "", settings, &distinct);
    const double cpu_s = process_cpu_seconds() - cpu_before;
    const ForwardProfile& profile = model.profile();
    const ExpertStats stats = model.experts().stats();
    const int threads = settings.threads > 0 ? settings.threads : omp_get_max_threads();

    // The limits, measured once the prefill is over so that they do not slow it.
    const FmaPeak peak = measure_fma_peak(active_isa(), threads, kFmaProbeSeconds);
    const std::vector<std::string> shards = model.checkpoint().file_paths();
    const uint64_t expert_bytes = model.experts().expert_bytes();
    const DiskReadResult disk = measure_disk_read(shards, expert_bytes, kDiskProbeRequests, load.io_threads);
    const double memory_GBps = measure_memory_read_GBps(uint64_t(memory_probe_mib) << 20, 3);

    const PhaseTimes& t = reply.phases;
    nlohmann::json per_layer = nlohmann::json::array();
    for (int l = 0; l < config.num_layers; ++l)
        if (config.is_moe(l)) per_layer.push_back({{"layer", l}, {"distinct", distinct.per_layer()[l].size()}});
    const uint64_t distinct_bytes = distinct.total() * expert_bytes;
    const uint64_t chunk_loads = profile.routed - profile_before.routed;
    const uint64_t chunk_bytes = chunk_loads * expert_bytes;  // also what the expert kernels read
    const uint64_t uses = profile.experts_run - profile_before.experts_run;
    const uint64_t expert_flops = profile.expert_flops - profile_before.expert_flops;
    const uint64_t attention_flops = profile.attention_flops - profile_before.attention_flops;
    const uint64_t dense_flops = profile.dense_flops - profile_before.dense_flops;
    const double peak_bound_s = ratio(double(expert_flops + attention_flops + dense_flops) / 1e9, peak.GFLOPs);
    const double read_bound_s = ratio(double(t.disk_bytes), disk.GBps * 1e9);

    nlohmann::json report = {
        {"ttft_s", reply.ttft_s},
        {"prompt_tokens", prompt_tokens},
        {"prompt_tokens_per_s", ratio(prompt_tokens, reply.ttft_s)},
        {"prompt_seed", seed},
        {"prefix_reused_tokens", reply.prefix_reused_tokens},
        {"generated_tokens", reply.tokens.size()},
        {"prefill_block", prefill_block},
        {"threads", threads},
        {"cpu_share", ratio(cpu_s, reply.ttft_s * threads)},
        {"omp_wait_policy", std::getenv("OMP_WAIT_POLICY") ? std::getenv("OMP_WAIT_POLICY") : "default"},
        {"isa", isa_name(active_isa())},
        {"load_s", load_s},
        {"exact", reply.exact},
        {"trimmed_bytes", reply.trimmed_bytes},
        {"profile",
         {{"wall_s", t.wall_s},
          {"disk_wait_s", t.disk_wait_s},
          {"disk_busy_s", t.disk_busy_s},
          {"disk_service_s", t.disk_service_s},
          {"expert_matmul_s", t.expert_matmul_s},
          {"attention_s", t.attention_s},
          {"dense_s", t.dense_s},
          {"other_s", t.other_s}}},
        {"experts",
         {{"bytes_read", t.disk_bytes},
          {"expert_bytes", expert_bytes},
          {"distinct_per_layer", per_layer},
          {"distinct", distinct.total()},
          {"distinct_bytes", distinct_bytes},
          {"read_ratio", ratio(double(t.disk_bytes), double(distinct_bytes))},
          {"chunk_loads", chunk_loads},
          {"chunk_bytes", chunk_bytes},
          {"chunk_read_ratio", ratio(double(t.disk_bytes), double(chunk_bytes))},
          {"uses", uses},
          {"rows_per_chunk_load", ratio(double(uses), double(chunk_loads))},
          {"hits", t.expert_hits},
          {"misses", t.expert_misses},
          {"hit_rate", reply.hit_rate()},
          {"prefetch", reply.prefetch},
          {"prefetch_reads", stats.prefetch_reads - stats_before.prefetch_reads},
          {"prefetch_used", stats.prefetch_used - stats_before.prefetch_used},
          {"slots_per_layer", model.experts().cap()},
          {"pinned", model.experts().pins().size()}}},
        {"compute",
         {{"fma_peak_GFLOPs", peak.GFLOPs},
          {"fma_peak_per_thread_GFLOPs", peak.per_thread_GFLOPs},
          {"expert", compute_bucket(expert_flops, t.expert_matmul_s, peak.GFLOPs)},
          {"memory_GBps", memory_GBps},
          {"expert_weight_GBps", ratio(double(chunk_bytes) / 1e9, t.expert_matmul_s)},
          {"expert_memory_ratio", ratio(double(chunk_bytes) / 1e9, t.expert_matmul_s * memory_GBps)},
          {"attention", compute_bucket(attention_flops, t.attention_s, peak.GFLOPs)},
          {"dense", compute_bucket(dense_flops, t.dense_s, peak.GFLOPs)},
          {"peak_bound_s", peak_bound_s},
          {"peak_bound_share", ratio(peak_bound_s, reply.ttft_s)}}},
        {"disk",
         {{"GBps", disk.GBps},
          {"direct", disk.direct},
          {"read_bound_s", read_bound_s},
          {"read_bound_share", ratio(read_bound_s, reply.ttft_s)},
          {"busy_ratio", ratio(read_bound_s, t.disk_busy_s)}}},
    };
    if (json) std::printf("%s\n", report.dump().c_str());
    else print_summary(report);
    return 0;
}

}  // namespace peng::cli
