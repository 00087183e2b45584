// peng-cli bench io DIR [--blocks N] [--io-threads N] [--buffered] [--json]
// Reads experts the way the engine does (a layer's block of top-k experts requested
// together through the expert store's I/O pool, O_DIRECT) and, in the same run, raw
// O_DIRECT reads of the same request size over the same files with as many threads.
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>

#include "args.h"
#include "benches.h"
#include "checkpoint/checkpoint.h"
#include "experts/expert_store.h"
#include "plan/bandwidth.h"
#include "util/error.h"

namespace peng::cli {

int bench_io(int argc, char** argv) {
    Args args(argc, argv, {"blocks", "io-threads"}, {"json", "buffered"});
    if (args.positional().size() != 1) throw Error("usage: peng-cli bench io DIR [--blocks N] [--json]");
    const std::string dir = args.positional()[0];
    Checkpoint ckpt(dir);
    const ModelConfig& c = ckpt.config();
    const ExpertFormat format = detect_expert_format(ckpt);
    const int blocks = static_cast<int>(args.get_int("blocks", 24));
    const int threads = static_cast<int>(args.get_int("io-threads", 4));
    if (blocks <= 0 || threads <= 0) throw Error("--blocks and --io-threads must be positive");

    std::vector<int> moe_layers;
    for (int l = 0; l < c.num_layers; ++l)
        if (c.is_moe(l)) moe_layers.push_back(l);
    if (moe_layers.empty()) throw Error(dir + ": no MoE layer to read experts from");

    ExpertStoreOptions options;
    options.cap_per_layer = c.num_experts_per_tok;  // every block misses: a cold decode step
    options.io_threads = threads;
    options.direct_io = !args.has("buffered");
    ExpertStore store(ckpt, format, options);
    std::mt19937 rng(7);
    const auto start = std::chrono::steady_clock::now();
    for (int b = 0; b < blocks; ++b) {
        const int layer = moe_layers[size_t(b) % moe_layers.size()];
        std::vector<int> experts(c.n_routed_experts);
        std::iota(experts.begin(), experts.end(), 0);
        std::shuffle(experts.begin(), experts.end(), rng);
        experts.resize(c.num_experts_per_tok);
        // Evict this layer's previous block so that every read goes to disk.
        store.trim_slots(0);
        store.request(layer, experts);
        for (int e : experts) store.wait(layer, e);
        store.release(layer);
    }
    const double engine_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const ExpertStats stats = store.stats();
    const double engine_GBps = double(stats.bytes_read) / engine_s / 1e9;

    std::vector<std::string> files;
    for (const auto& f : ckpt.files()) files.push_back(f->path());
    const DiskReadResult raw = measure_disk_read(files, store.expert_bytes(), blocks * c.num_experts_per_tok, threads);

    nlohmann::json out = {{"engine_GBps", engine_GBps},
                          {"raw_GBps", raw.GBps},
                          {"ratio", raw.GBps > 0 ? engine_GBps / raw.GBps : 0.0},
                          {"request_bytes", store.expert_bytes()},
                          {"engine_bytes", stats.bytes_read},
                          {"raw_bytes", raw.bytes},
                          {"io_threads", threads},
                          {"direct_io", store.direct_io() && raw.direct},
                          {"misses", stats.misses}};
    if (args.has("json")) std::printf("%s\n", out.dump().c_str());
    else
        std::printf("engine expert reads %.2f GB/s, raw %s reads %.2f GB/s (%.0f%%), %llu-byte requests, %d threads\n",
                    engine_GBps, raw.direct ? "O_DIRECT" : "buffered", raw.GBps, 100 * out["ratio"].get<double>(),
                    static_cast<unsigned long long>(store.expert_bytes()), threads);
    return 0;
}

}  // namespace peng::cli
