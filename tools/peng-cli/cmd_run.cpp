// peng-cli run DIR (--tokens IDS | --prompt TEXT [--raw] [--no-think]) [--ngen N] [--temp T]
//   [--top-p P] [--top-k K] [--seed S] [--threads N] [--prefill-block N] [--json]
//   [--ram GB] [--vram GB|auto] [--cap N] (and the other placement options of model_setup.h)
//   [--bound]: also measure disk and memory bandwidth and report the run's speed bound
// Generates a continuation. Text streams to stdout as it is produced; with --json the
// last line of stdout is one JSON object with the run's measurements.
#include <omp.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "io/file.h"
#include "experts/cache_replay.h"
#include "model/generate.h"
#include "model/routing_trace.h"
#include "model_setup.h"
#include "plan/bandwidth.h"
#include "plan/memory_probe.h"
#include "text/chat_template.h"
#include "text/stop_tokens.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

// Where the run's time went, and how the expert tiers served it.
nlohmann::json run_profile(const Model& model, const ForwardProfile& before, const ExpertStats& stats_before) {
    const ForwardProfile& p = model.profile();
    const ExpertStats s = model.experts().stats();
    const double attention = p.attention_s - before.attention_s, dense = p.dense_s - before.dense_s;
    const double experts = p.experts_s - before.experts_s, router = p.router_s - before.router_s;
    const double head = p.head_s - before.head_s, wait = p.disk_wait_s - before.disk_wait_s;
    const double total = p.total_s - before.total_s;
    const uint64_t predicted = p.routed - before.routed;
    return {{"disk_service_s", s.disk_service_s - stats_before.disk_service_s},
            {"disk_busy_s", s.disk_busy_s - stats_before.disk_busy_s},
            {"disk_wait_s", wait},
            {"expert_matmul_s", experts},
            {"attention_s", attention},
            {"dense_s", dense + head},
            {"other_s", std::max(0.0, total - attention - dense - experts - router - head - wait) + router},
            {"bytes_read", s.bytes_read - stats_before.bytes_read},
            {"hits_vram", s.vram_hits - stats_before.vram_hits},
            {"hits_pinned", s.pinned_hits - stats_before.pinned_hits},
            {"hits_slot", s.slot_hits - stats_before.slot_hits},
            {"misses", s.misses - stats_before.misses},
            {"prefetch", model.prefetch_enabled()},
            {"prefetch_reads", s.prefetch_reads - stats_before.prefetch_reads},
            {"prefetch_used", s.prefetch_used - stats_before.prefetch_used},
            {"prefetch_cancelled", s.prefetch_cancelled - stats_before.prefetch_cancelled},
            {"next_token_guesses", p.next_token_guesses - before.next_token_guesses},
            {"next_token_guess_hits", p.next_token_guess_hits - before.next_token_guess_hits},
            {"prefetch_recall", predicted ? double(p.prefetch_correct - before.prefetch_correct) / double(predicted) : 0.0},
            {"direct_io", model.experts().direct_io()},
            {"expert_slots_per_layer", model.experts().cap()},
            {"pinned_experts", model.experts().pins().size()}};
}

int run(int argc, char** argv) {
    Args args(argc, argv,
              with_model_options({"tokens", "prompt", "ngen", "temp", "top-p", "top-k", "seed", "threads", "prefill-block"}),
              with_model_flags({"json", "raw", "no-think", "bound"}));
    if (args.positional().size() != 1 || args.has("tokens") == args.has("prompt"))
        throw Error("usage: peng-cli run DIR (--tokens IDS | --prompt TEXT) [--ngen N] [--temp T] [--top-p P] "
                    "[--top-k K] [--seed S] [--cap N] [--threads N] [--json]");
    const std::string dir = args.positional()[0];
    if (args.has("threads")) {
        if (args.get_int("threads", 1) <= 0) throw Error("--threads must be positive");
        omp_set_num_threads(static_cast<int>(args.get_int("threads", 1)));
    }

    const int prefill_block = static_cast<int>(args.get_int("prefill-block", 64));
    ModelSetup setup = setup_model(dir, args, prefill_block);
    Model model(dir, setup.options);
    report_gpu(model);
    model.set_history(setup.history.get());
    const GenerationConfig& gen = model.checkpoint().generation();

    std::optional<Tokenizer> tokenizer;
    if (file_exists(dir + "/tokenizer.json")) tokenizer = Tokenizer::from_file(dir + "/tokenizer.json");

    std::vector<int> prompt;
    if (args.has("tokens")) {
        prompt = parse_id_list(*args.get("tokens"));
    } else {
        if (!tokenizer) throw Error(dir + ": --prompt needs tokenizer.json");
        std::string text = *args.get("prompt");
        if (!args.has("raw")) {
            nlohmann::ordered_json messages = nlohmann::ordered_json::array();
            messages.push_back({{"role", "user"}, {"content", text}});
            text = ChatTemplate::from_model_dir(dir).render(messages, nullptr, true, !args.has("no-think"));
        }
        prompt = tokenizer->encode(text);
    }

    GenerateOptions options;
    options.max_new_tokens = static_cast<int>(args.get_int("ngen", 64));
    options.prefill_block = prefill_block;
    options.ram_budget_bytes = setup.plan.budget_bytes;
    options.sampling.temperature = args.get_double("temp", gen.temperature.value_or(1.0));
    options.sampling.top_p = args.get_double("top-p", gen.top_p.value_or(1.0));
    options.sampling.top_k = static_cast<int>(args.get_int("top-k", gen.top_k.value_or(0)));
    options.sampling.seed = static_cast<uint64_t>(args.get_int("seed", 0));
    options.allowed_ids = tokenizer ? tokenizer->vocab_size() : model.config().vocab_size;
    options.stop_ids = stop_token_ids(tokenizer ? &*tokenizer : nullptr, gen);

    const bool json = args.has("json");
    std::optional<StreamDecoder> stream;
    if (tokenizer) stream.emplace(*tokenizer);
    std::string text;
    auto on_token = [&](int id) {
        if (!stream) return true;
        std::string delta = stream->push(id);
        text += delta;
        if (!json) {
            std::fputs(delta.c_str(), stdout);
            std::fflush(stdout);
        }
        return true;
    };
    Session session(model.config());
    RoutingTraceRecorder trace(model.config().num_layers, static_cast<int>(prompt.size()));  // decode steps
    model.set_observer(&trace);
    const ForwardProfile profile_before = model.profile();
    const ExpertStats stats_before = model.experts().stats();
    GenerateResult result = generate(model, session, prompt, options, on_token);
    save_history(setup);
    if (stream) {
        std::string rest = stream->flush();
        text += rest;
        if (!json) std::fputs(rest.c_str(), stdout);
    }
    if (!json) std::fputs("\n", stdout);

    const double decode_tokens = result.tokens.size() > 1 ? double(result.tokens.size() - 1) : 0.0;
    const double lookups = double(result.expert_hits + result.expert_misses);
    nlohmann::json report = {
        {"tokens_per_s", result.decode_s > 0 ? decode_tokens / result.decode_s : 0.0},
        {"ttft_s", result.prefill_s},
        {"generated_tokens", result.tokens.size()},
        {"prompt_tokens", prompt.size()},
        {"hit_rate", lookups > 0 ? double(result.expert_hits) / lookups : 1.0},
        {"decode_disk_bytes", result.decode_disk_bytes},
        {"prefill_disk_bytes", result.prefill_disk_bytes},
        {"rss_peak_bytes", peak_rss_bytes()},
        {"expert_cap", model.experts().cap()},
        {"stop_reason", result.stop_reason},
        {"tokens", result.tokens},
        {"exact", model.exact_output()},
        {"ram_budget_bytes", setup.plan.budget_bytes},
        {"trimmed_bytes", result.trimmed_bytes},
        {"profile", run_profile(model, profile_before, stats_before)},
    };
    // What the cache policy leaves on the table: the same routing replayed through
    // the store's LRU and through Belady's offline optimum, with the same slots and pins.
    const auto pins = model.experts().pins();
    const CacheReplay replay =
        replay_trace(trace.trace(), model.experts().cap(), std::set<std::pair<int, int>>(pins.begin(), pins.end()));
    report["cache_replay"] = {{"requests", replay.requests},
                              {"lru_hit_rate", replay.lru_hit_rate},
                              {"belady_hit_rate", replay.belady_hit_rate}};
    if (args.has("bound")) {
        // The decode speed limit of this run, from bandwidths measured now on this
        // machine: 1 / max(disk bytes per token / disk bandwidth, resident bytes
        // touched per token / memory bandwidth). The disk bytes are those the routing
        // needed: wrong speculative reads would raise the disk term and flatter the ratio.
        std::vector<std::string> shards;
        for (const auto& f : model.checkpoint().files()) shards.push_back(f->path());
        const DiskReadResult disk = measure_disk_read(shards, model.experts().expert_bytes(), 96,
                                                      setup.options.store.io_threads);
        const double memory_GBps = measure_memory_read_GBps(2ULL << 30, 3);
        const double disk_per_token = decode_tokens > 0 ? double(result.decode_needed_disk_bytes) / decode_tokens : 0;
        const double read_per_token = decode_tokens > 0 ? double(result.decode_disk_bytes) / decode_tokens : 0;
        const double seconds = std::max(disk_per_token / (disk.GBps * 1e9),
                                        double(setup.plan.resident_bytes_per_token) / (memory_GBps * 1e9));
        const double bound = seconds > 0 ? 1.0 / seconds : 0;
        report["bound"] = {{"disk_GBps", disk.GBps},
                           {"memory_GBps", memory_GBps},
                           {"disk_bytes_per_token", disk_per_token},
                           {"disk_bytes_read_per_token", read_per_token},
                           {"resident_bytes_per_token", setup.plan.resident_bytes_per_token},
                           {"decode_bound_tokens_per_s", bound},
                           // The share of decode time the disk had a read to do: past
                           // the bound, what keeps the ratio from 1 is time it sat idle.
                           {"decode_disk_busy_share", result.decode_s > 0 ? result.decode_disk_busy_s / result.decode_s : 0.0},
                           {"ratio", bound > 0 ? report["tokens_per_s"].get<double>() / bound : 0.0}};
    }
    if (model.gpu()) {
        report["gpu"] = {{"device", model.gpu()->device_name()},
                         {"dense_matrices", model.gpu()->dense_held()},
                         {"experts", model.gpu()->experts_held()},
                         {"vram_bytes", model.gpu()->used_bytes()},
                         {"device_matmuls", model.device_matmuls()},
                         {"label", model.gpu_label()}};
    }
    if (tokenizer) report["text"] = text;
    if (json) std::printf("%s\n", report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    else
        std::fprintf(stderr, "%zu tokens, %.2f tok/s, ttft %.3f s, expert hit rate %.3f, stop: %s%s%s\n",
                     result.tokens.size(), report["tokens_per_s"].get<double>(), result.prefill_s,
                     report["hit_rate"].get<double>(), result.stop_reason.c_str(), model.gpu() ? "; " : "",
                     model.gpu_label().c_str());
    return 0;
}

const Command registered{"run",
                         "run DIR (--tokens IDS | --prompt TEXT [--raw] [--no-think]) [--ngen N] [--temp T] "
                         "[--top-p P] [--top-k K] [--seed S] [--cap N] [--threads N] [--json]",
                         run};

}  // namespace
}  // namespace peng::cli
