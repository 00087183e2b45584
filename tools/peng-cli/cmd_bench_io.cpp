// peng-cli bench io DIR [--blocks N] [--rounds N] [--io-threads N] [--buffered] [--json]
// Reads experts the way the engine does (a layer's top-k experts requested together
// through the expert store's I/O pool, O_DIRECT, the next layer queued ahead) and, in
// the same run, raw O_DIRECT reads of the same request size, files and thread count.
// Rounds alternate between the two so that a noisy disk affects both alike; the
// medians are reported. Each engine round first fills its slots once (a running
// engine reuses slot buffers); that fill, into never-used memory the kernel must
// zero first, is reported apart as engine_fresh_buffers_GBps.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "args.h"
#include "benches.h"
#include "checkpoint/checkpoint.h"
#include "checkpoint/expert_locator.h"
#include "expert_read_round.h"
#include "plan/bandwidth.h"
#include "util/error.h"

namespace peng::cli {

int bench_io(int argc, char** argv) {
    Args args("bench io", kBenchIoSummary);
    args.words("DIR", "DIR is a model folder.")
        .option("blocks", "N", "reads of a layer's top-k experts per round", "24")
        .option("rounds", "N", "rounds of each kind (the medians are reported)", "3")
        .option("io-threads", "N", "reading threads", "4")
        .flag("buffered", "read through the page cache instead of O_DIRECT")
        .flag("json", "print the result as JSON")
        .parse(argc, argv);
    if (args.positional().size() != 1) args.usage_error();
    const std::string dir = args.positional()[0];
    Checkpoint ckpt(dir);
    const ModelConfig& c = ckpt.config();
    const ExpertFormat format = detect_expert_format(ckpt);
    const int blocks = args.get_int("blocks", 24, {1, 100'000});
    const int rounds = args.get_int("rounds", 3, {1, 1000});
    const int threads = args.get_int("io-threads", 4, kIoThreadsRange);

    const std::vector<int> moe_layers = moe_layers_of(c);
    if (moe_layers.empty()) throw Error(dir + ": no MoE layer to read experts from");
    std::vector<std::string> files;
    for (const auto& f : ckpt.files()) files.push_back(f->path());
    const uint64_t request_bytes = locate_expert(ckpt, format, moe_layers[0], 0).total_bytes;

    std::vector<double> engine, raw, fresh;
    bool direct = true;
    for (int r = 0; r < rounds; ++r) {
        const ExpertReadRound e = expert_read_round(ckpt, format, moe_layers, blocks, threads, !args.has("buffered"), 7 + r);
        const DiskReadResult d = measure_disk_read(files, request_bytes, blocks * c.num_experts_per_tok, threads);
        engine.push_back(e.GBps);
        fresh.push_back(e.fresh_GBps);
        raw.push_back(d.GBps);
        direct = direct && e.direct && d.direct;
    }
    const double engine_GBps = median(engine), raw_GBps = median(raw);
    nlohmann::json out = {{"engine_GBps", engine_GBps},
                          {"raw_GBps", raw_GBps},
                          {"ratio", raw_GBps > 0 ? engine_GBps / raw_GBps : 0.0},
                          {"engine_rounds_GBps", engine},
                          {"engine_fresh_buffers_GBps", median(fresh)},
                          {"raw_rounds_GBps", raw},
                          {"request_bytes", request_bytes},
                          {"io_threads", threads},
                          {"direct_io", direct}};
    if (args.has("json")) std::printf("%s\n", out.dump().c_str());
    else
        std::printf("engine expert reads %.2f GB/s, raw %s reads %.2f GB/s (%.0f%%), %llu-byte requests, %d threads, "
                    "median of %d rounds; into never-used buffers %.2f GB/s\n",
                    engine_GBps, direct ? "O_DIRECT" : "buffered", raw_GBps, 100 * out["ratio"].get<double>(),
                    static_cast<unsigned long long>(request_bytes), threads, rounds, median(fresh));
    return 0;
}

}  // namespace peng::cli
