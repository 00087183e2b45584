// peng-cli bench pack PLAIN PACKED [--small-cap N] [--prompt-tokens N] [--ngen N]
//   [--blocks N] [--rounds N] [--io-threads N] [--frames N] [--json]
// The zstd container against the release layout of the same model, in one run:
// sizes; single-core decompression speed; cold expert-read throughput (O_DIRECT,
// the engine's request pattern, rounds alternating between layouts); greedy decode
// speed (both layouts open, --rounds runs alternating, medians) with --small-cap slots
// per layer (experts stream from disk) and with every expert pinned in RAM
// (CPU-bound); and whether the logits are byte-identical. Run it with
// OMP_WAIT_POLICY=passive so that CPU seconds per token count work, not spinning.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>

#include "args.h"
#include "benches.h"
#include "checkpoint/expert_locator.h"
#include "checkpoint/pack_index.h"
#include "cpu_time.h"
#include "expert_read_round.h"
#include "io/file.h"
#include "io/zstd_frame.h"
#include "model/generate.h"
#include "model/model.h"
#include "plan/bandwidth.h"
#include "util/error.h"

namespace peng::cli {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct DecodeRun {
    double load_s = 0, tokens_per_s = 0, disk_wait_s = 0;
    uint64_t decode_disk_bytes = 0;
    std::vector<float> logits;  // every prompt row
    std::vector<int> tokens;
    std::vector<double> speeds, waits, cpu;
};

struct OpenModel {
    std::unique_ptr<Model> model;
    std::unique_ptr<DecodeScheduler> scheduler;  // after model: unhooks before the model goes
    DecodeRun run;
};

// Opens the model (every expert pinned, or `cap` slots per layer) and runs the prompt for its logits.
OpenModel open_model(const std::string& dir, int cap, bool pin_all, const std::vector<int>& prompt) {
    ModelOptions options;
    options.store.cap_per_layer = cap;
    if (pin_all) {
        const Checkpoint ckpt(dir);
        for (int layer : moe_layers_of(ckpt.config()))
            for (int e = 0; e < ckpt.config().n_routed_experts; ++e) options.store.pins.emplace_back(layer, e);
    }
    OpenModel m;
    const auto start = Clock::now();
    m.model = std::make_unique<Model>(dir, options);
    m.run.load_s = since(start);
    m.scheduler = std::make_unique<DecodeScheduler>(*m.model);
    const int vocab = m.model->config().vocab_size;
    m.run.logits.resize(prompt.size() * size_t(vocab));
    Session scored(m.model->config());
    m.model->forward(scored, prompt.data(), static_cast<int>(prompt.size()), m.run.logits.data(), true, RunConfig{});
    return m;
}

// One greedy decode from scratch.
void decode_once(OpenModel& m, const std::vector<int>& prompt, int ngen) {
    GenerateOptions g;
    g.max_new_tokens = ngen;
    g.sampling.temperature = 0;
    g.allowed_ids = m.model->config().vocab_size;
    const double wait_before = m.model->profile().disk_wait_s, cpu_before = process_cpu_seconds();
    Session session(m.model->config());
    const GenerateResult r = generate(*m.scheduler, session, prompt, g);
    m.run.cpu.push_back((process_cpu_seconds() - cpu_before) / double(std::max<size_t>(1, r.tokens.size())));
    if (!m.run.tokens.empty() && r.tokens != m.run.tokens) throw Error("greedy decoding changed between rounds");
    m.run.tokens = r.tokens;
    m.run.speeds.push_back(r.decode_s > 0 && r.tokens.size() > 1 ? double(r.tokens.size() - 1) / r.decode_s : 0);
    m.run.waits.push_back(m.model->profile().disk_wait_s - wait_before);
    m.run.decode_disk_bytes = r.decode_disk_bytes;
}

// Both layouts open at once, decode rounds alternating between them so that load from
// other processes on the machine falls on both alike; medians are kept.
std::pair<DecodeRun, DecodeRun> decode_both(const std::string& plain_dir, const std::string& packed_dir, int cap,
                                            bool pin_all, const std::vector<int>& prompt, int ngen, int rounds) {
    OpenModel plain = open_model(plain_dir, cap, pin_all, prompt);
    OpenModel packed = open_model(packed_dir, cap, pin_all, prompt);
    for (int round = 0; round < rounds; ++round) {
        decode_once(plain, prompt, ngen);
        decode_once(packed, prompt, ngen);
    }
    for (OpenModel* m : {&plain, &packed}) {
        m->run.tokens_per_s = median(m->run.speeds);
        m->run.disk_wait_s = median(m->run.waits);
    }
    return {std::move(plain.run), std::move(packed.run)};
}

nlohmann::json compare(const DecodeRun& plain, const DecodeRun& packed, int cap) {
    auto side = [](const DecodeRun& r) {
        return nlohmann::json{{"tokens_per_s", r.tokens_per_s},
                              {"rounds_tokens_per_s", r.speeds},
                              {"load_s", r.load_s},
                              {"disk_wait_s_per_round", r.disk_wait_s},
                              {"cpu_s_per_token", median(r.cpu)},  // prefill included
                              {"decode_disk_bytes", r.decode_disk_bytes}};
    };
    return {{"slots_per_layer", cap},
            {"plain", side(plain)},
            {"packed", side(packed)},
            {"packed_over_plain", plain.tokens_per_s > 0 ? packed.tokens_per_s / plain.tokens_per_s : 0.0}};
}

// Decompresses up to `frames` expert frames, already in memory, on this one thread.
nlohmann::json decompression_speed(const std::string& packed_dir, const PackIndex& index, int frames) {
    struct Frame {
        std::vector<uint8_t> bytes;
        const PackSegment* segment;
    };
    std::vector<Frame> loaded;
    for (const auto& shard : index.shards) {
        ReadFile file(packed_dir + "/" + shard.packed_name());
        for (const auto& s : shard.segments) {
            if (s.layer < 0 || int(loaded.size()) >= frames) continue;
            loaded.push_back({std::vector<uint8_t>(s.packed_bytes), &s});
            file.read_exact(s.packed_offset, loaded.back().bytes.data(), s.packed_bytes);
        }
    }
    if (loaded.empty()) throw Error(packed_dir + ": no expert frames to decompress");
    std::vector<uint8_t> out;
    uint64_t raw = 0;
    const auto start = Clock::now();
    for (const auto& f : loaded) {
        out.resize(f.segment->bytes);
        decompress_frame(f.bytes.data(), f.bytes.size(), out.data(), out.size(), f.segment->checksum, "bench");
        raw += out.size();
    }
    const double seconds = since(start);
    return {{"frames", loaded.size()}, {"raw_bytes", raw}, {"GBps_per_core", double(raw) / seconds / 1e9}};
}

std::vector<int> prompt_ids(int count, int vocab) {
    std::vector<int> ids(static_cast<size_t>(count));
    uint32_t state = 12345;
    for (auto& id : ids) {
        state = state * 1664525u + 1013904223u;
        id = static_cast<int>((state >> 8) % uint32_t(std::min(vocab, 30000)));
    }
    return ids;
}

}  // namespace

int bench_pack(int argc, char** argv) {
    Args args("bench pack", kBenchPackSummary);
    args.words("PLAIN_DIR PACKED_DIR", "PLAIN_DIR is a model folder, PACKED_DIR the same model packed.")
        .option("small-cap", "N", "the small expert cap decoded at (default: the model's experts per token)")
        .option("prompt-tokens", "N", "prompt length", "8")
        .option("ngen", "N", "tokens decoded", "16")
        .option("blocks", "N", "expert reads per round", "16")
        .option("rounds", "N", "rounds (the medians are reported)", "3")
        .option("io-threads", "N", "reading threads", "4")
        .option("frames", "N", "frames decompressed to measure the speed", "32")
        .flag("json", "print the result as JSON")
        .parse(argc, argv);
    if (args.positional().size() != 2) args.usage_error();
    const std::string plain_dir = args.positional()[0], packed_dir = args.positional()[1];
    const PackIndex index = PackIndex::load(packed_dir);
    const Checkpoint plain(plain_dir), packed(packed_dir);
    const ModelConfig& c = plain.config();
    const ExpertFormat format = detect_expert_format(plain);
    const std::vector<int> moe_layers = moe_layers_of(c);
    if (moe_layers.empty()) throw Error(plain_dir + ": no MoE layer");
    const int small_cap = args.get_int("small-cap", c.num_experts_per_tok, {1, kExpertSlotsRange.max});
    const int ngen = args.get_int("ngen", 16, {2, kAnswerTokensRange.max});
    const int rounds = args.get_int("rounds", 3, {1, 1000});
    const int blocks = args.get_int("blocks", 16, {1, 100'000});
    const int threads = args.get_int("io-threads", 4, kIoThreadsRange);

    uint64_t plain_bytes = 0, packed_bytes = 0, expert_raw = 0, expert_packed = 0;
    for (const auto& s : index.shards) {
        plain_bytes += s.size;
        packed_bytes += s.packed_size;
        for (const auto& seg : s.segments)
            if (seg.layer >= 0) {
                expert_raw += seg.bytes;
                expert_packed += seg.packed_bytes;
            }
    }
    nlohmann::json out;
    out["size"] = {{"plain_bytes", plain_bytes},
                   {"packed_bytes", packed_bytes},
                   {"packed_over_plain", double(packed_bytes) / double(plain_bytes)},
                   {"experts_packed_over_plain", expert_raw ? double(expert_packed) / double(expert_raw) : 1.0},
                   {"zstd_level", index.level}};
    out["decompression"] = decompression_speed(packed_dir, index, args.get_int("frames", 32, {1, 1'000'000}));

    // Expert reads, with the disk's raw O_DIRECT bandwidth (same request size and
    // threads, on the plain shards) measured in the same rounds as their limit.
    std::vector<std::string> shard_paths;
    for (const auto& f : plain.files()) shard_paths.push_back(f->path());
    const uint64_t request_bytes = locate_expert(plain, format, moe_layers[0], 0).total_bytes;
    std::vector<double> plain_reads, packed_reads, raw_reads;
    for (int r = 0; r < rounds; ++r) {
        plain_reads.push_back(expert_read_round(plain, format, moe_layers, blocks, threads, true, 7 + r).GBps);
        packed_reads.push_back(expert_read_round(packed, format, moe_layers, blocks, threads, true, 7 + r).GBps);
        raw_reads.push_back(measure_disk_read(shard_paths, request_bytes, blocks * c.num_experts_per_tok, threads).GBps);
    }
    out["expert_reads"] = {{"plain_GBps", median(plain_reads)},
                           {"packed_GBps", median(packed_reads)},
                           {"raw_disk_GBps", median(raw_reads)},
                           {"packed_over_plain", median(packed_reads) / median(plain_reads)},
                           {"io_threads", threads},
                           {"note", "GB/s of expert bytes delivered to the kernels (decompressed), O_DIRECT, cold"}};

    const std::vector<int> prompt = prompt_ids(args.get_int("prompt-tokens", 8, {1, kContextRange.max}), c.vocab_size);
    const auto [small_plain, small_packed] = decode_both(plain_dir, packed_dir, small_cap, false, prompt, ngen, rounds);
    const auto [fit_plain, fit_packed] = decode_both(plain_dir, packed_dir, 0, true, prompt, ngen, rounds);
    out["decode_disk_bound"] = compare(small_plain, small_packed, small_cap);
    out["decode_all_in_ram"] = compare(fit_plain, fit_packed, c.n_routed_experts);
    auto same = [](const DecodeRun& a, const DecodeRun& b) {
        return a.logits.size() == b.logits.size() &&
               std::memcmp(a.logits.data(), b.logits.data(), a.logits.size() * sizeof(float)) == 0 && a.tokens == b.tokens;
    };
    out["logits_identical"] = same(small_plain, small_packed) && same(fit_plain, fit_packed) && same(small_plain, fit_plain);
    out["prompt_tokens"] = prompt.size();
    out["generated_tokens"] = ngen;
    out["rounds"] = rounds;

    if (args.has("json")) {
        std::printf("%s\n", out.dump().c_str());
        return 0;
    }
    std::printf("size: %.2f GB -> %.2f GB (%.1f%%; experts %.1f%%)\n", plain_bytes / 1e9, packed_bytes / 1e9,
                100 * out["size"]["packed_over_plain"].get<double>(),
                100 * out["size"]["experts_packed_over_plain"].get<double>());
    std::printf("decompression: %.2f GB/s per core\n", out["decompression"]["GBps_per_core"].get<double>());
    std::printf("expert reads: plain %.2f GB/s, packed %.2f GB/s (raw O_DIRECT disk %.2f GB/s)\n", median(plain_reads),
                median(packed_reads), median(raw_reads));
    std::printf("decode, %d slots/layer: plain %.2f tok/s, packed %.2f tok/s\n", small_cap, small_plain.tokens_per_s,
                small_packed.tokens_per_s);
    std::printf("decode, all experts pinned: plain %.2f tok/s, packed %.2f tok/s\n", fit_plain.tokens_per_s,
                fit_packed.tokens_per_s);
    std::printf("logits byte-identical: %s\n", out["logits_identical"].get<bool>() ? "yes" : "NO");
    return 0;
}

}  // namespace peng::cli
