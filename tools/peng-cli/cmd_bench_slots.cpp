// peng-cli bench slots DIR [--experts N] [--threads N] [--io-threads N] [--json]
// The expert kernels on the memory the engine's slots live in, not on a buffer of
// the bench's own. N distinct experts of one MoE layer are read and run as a
// decode's misses are (all requested, then each waited for and multiplied, so the
// next reads overlap the kernels), with the store's memory set up three ways:
//   recycled  a few slots, touched before the timed pass: every read reuses one;
//   fresh     N slots allocated when first read, as the engine did before issue 20:
//             the reads fault fresh pages in (the kernel zero-fills them);
//   pool      N slots from a SlotPool touched beforehand, as the engine does now;
//   resident  the pool's experts again, all held: the kernels with no read running.
// kernel_ratio = the kernels' GB/s over the expert bytes / resident's (1 = the reads
// and the memory cost the kernels nothing); memory_ratio = the same GB/s against the
// memory read bandwidth measured in this run; stream_ratio = expert bytes / wall
// time against the raw O_DIRECT disk bandwidth measured in this run. A store whose
// slots fault during decode shows as fresh's ratios below the pool's.
#include <omp.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "args.h"
#include "benches.h"
#include "model_setup.h"
#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "cpu_time.h"
#include "experts/expert_store.h"
#include "experts/slot_pool.h"
#include "kernels/matvec.h"
#include "plan/bandwidth.h"
#include "util/error.h"

namespace peng::cli {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

constexpr NumberRange<int> kBenchExpertsRange{1, 256};

struct Pass {
    double wall_s = 0, kernel_s = 0, cpu_s = 0;
    double checksum = 0;  // the outputs' sum: identical in every mode, or the memory changed the math
};

// Reads and multiplies experts [0, count) of `layer` through `store`, as run_experts does.
Pass run_pass(ExpertStore& store, const ModelConfig& c, int layer, int count) {
    std::vector<float> x(size_t(c.hidden_size)), gate(size_t(c.moe_intermediate_size)),
        up(size_t(c.moe_intermediate_size)), down(size_t(c.hidden_size));
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(std::sin(double(i))) * 0.5f;
    std::vector<int> pending(static_cast<size_t>(count), 0);
    for (int e = 0; e < count; ++e) pending[size_t(e)] = e;
    Pass pass;
    const double cpu_start = process_cpu_seconds();
    const auto start = Clock::now();
    while (!pending.empty()) {
        const size_t granted = store.request(layer, pending);
        if (granted == 0) throw Error("bench slots: no slot to read into");
        for (size_t g = 0; g < granted; ++g) {
            const ExpertWeights& e = store.wait(layer, pending[g]);
            const auto kernel_start = Clock::now();
            matmul(e.gate, x.data(), 1, gate.data());
            matmul(e.up, x.data(), 1, up.data());
            for (size_t i = 0; i < gate.size(); ++i) gate[i] = gate[i] / (1 + std::exp(-gate[i])) * up[i];
            matmul(e.down, gate.data(), 1, down.data());
            pass.kernel_s += since(kernel_start);
            for (float v : down) pass.checksum += double(v);
        }
        store.release(layer);
        pending.erase(pending.begin(), pending.begin() + long(granted));
    }
    pass.wall_s = since(start);
    pass.cpu_s = process_cpu_seconds() - cpu_start;
    return pass;
}

nlohmann::json pass_json(const Pass& p, const Pass& resident, uint64_t bytes, double memory_GBps, double disk_GBps) {
    const double kernel_GBps = p.kernel_s > 0 ? double(bytes) / p.kernel_s * 1e-9 : 0;
    const double stream_GBps = p.wall_s > 0 ? double(bytes) / p.wall_s * 1e-9 : 0;
    return {{"wall_s", p.wall_s},
            {"kernel_s", p.kernel_s},
            {"cpu_s", p.cpu_s},
            {"kernel_GBps", kernel_GBps},
            {"kernel_ratio", p.kernel_s > 0 ? resident.kernel_s / p.kernel_s : 0},
            {"memory_ratio", memory_GBps > 0 ? kernel_GBps / memory_GBps : 0},
            {"stream_GBps", stream_GBps},
            {"stream_ratio", disk_GBps > 0 ? stream_GBps / disk_GBps : 0}};
}

int run(int argc, char** argv) {
    Args args("bench slots", kBenchSlotsSummary);
    args.words("DIR", "DIR is a model folder.")
        .option("experts", "N", "experts loaded into slots", "64")
        .option("io-threads", "N", "reading threads", std::to_string(ExpertStoreOptions{}.io_threads))
        .flag("json", "print the result as JSON");
    declare_threads_option(args);
    args.parse(argc, argv);
    if (args.positional().size() != 1) args.usage_error();
    const int threads = args.get_int("threads", 0, kThreadsRange);
    if (threads > 0) omp_set_num_threads(threads);
    const Checkpoint ckpt(args.positional()[0]);
    const ModelConfig& c = ckpt.config();
    const ExpertFormat format = detect_expert_format(ckpt);
    int layer = -1;
    for (int l = 0; l < c.num_layers && layer < 0; ++l)
        if (c.is_moe(l)) layer = l;
    if (layer < 0) throw Error("bench slots: the model has no MoE layer");
    const int count = std::min(args.get_int("experts", 64, kBenchExpertsRange), c.n_routed_experts);
    ExpertStoreOptions options;
    options.io_threads = args.get_int("io-threads", options.io_threads, kIoThreadsRange);

    const std::vector<std::string> shards = ckpt.file_paths();
    const uint64_t slot_bytes = ExpertStore::slot_bytes_of(ckpt, format);
    const DiskReadResult disk = measure_disk_read(shards, slot_bytes, 96, options.io_threads);
    const double memory_GBps = measure_memory_read_GBps(2ULL << 30, 3);

    // Fresh first: its pages are the machine's coldest, as a new process's are.
    options.cap_per_layer = count;
    Pass fresh;
    uint64_t expert_bytes = 0;
    {
        ExpertStore store(ckpt, format, options);
        expert_bytes = store.expert_bytes() * uint64_t(count);
        fresh = run_pass(store, c, layer, count);
    }
    Pass pool, resident;
    double warm_s = 0;
    {
        const auto warm_start = Clock::now();
        auto slots = std::make_unique<SlotPool>(slot_bytes, size_t(count));
        slots->wait({});
        warm_s = since(warm_start);
        ExpertStore store(ckpt, format, options, std::move(slots));
        pool = run_pass(store, c, layer, count);
        resident = run_pass(store, c, layer, count);
    }
    Pass recycled;
    {
        options.cap_per_layer = std::min(8, count);
        ExpertStore store(ckpt, format, options);
        run_pass(store, c, layer, options.cap_per_layer);  // touches the slots
        recycled = run_pass(store, c, layer, count);
    }
    if (fresh.checksum != pool.checksum || pool.checksum != recycled.checksum || pool.checksum != resident.checksum)
        throw Error("bench slots: the experts' outputs differ between memory setups");

    nlohmann::json report = {
        {"model", args.positional()[0]},
        {"layer", layer},
        {"experts", count},
        {"expert_bytes", expert_bytes / uint64_t(count)},
        {"threads", omp_get_max_threads()},
        {"memory_read_GBps", memory_GBps},
        {"disk_GBps", disk.GBps},
        {"direct_io", disk.direct},
        {"pool_warm_s", warm_s},
        {"pool_warm_GBps", warm_s > 0 ? double(slot_bytes * uint64_t(count)) / warm_s * 1e-9 : 0},
        {"resident", pass_json(resident, resident, expert_bytes, memory_GBps, disk.GBps)},
        {"recycled", pass_json(recycled, resident, expert_bytes, memory_GBps, disk.GBps)},
        {"fresh", pass_json(fresh, resident, expert_bytes, memory_GBps, disk.GBps)},
        {"pool", pass_json(pool, resident, expert_bytes, memory_GBps, disk.GBps)},
        // What faulting slots during decode costs: > 1 means the kernels ran slower.
        {"fresh_over_pool_kernel_s", pool.kernel_s > 0 ? fresh.kernel_s / pool.kernel_s : 0},
        {"fresh_over_pool_wall_s", pool.wall_s > 0 ? fresh.wall_s / pool.wall_s : 0},
    };
    if (args.has("json")) {
        std::printf("%s\n", report.dump().c_str());
        return 0;
    }
    std::printf("memory %.1f GB/s, disk %.2f GB/s%s; %d experts of %.1f MB, %d threads\n", memory_GBps, disk.GBps,
                disk.direct ? " (O_DIRECT)" : " (buffered)", count, double(expert_bytes) / count / 1e6,
                omp_get_max_threads());
    for (const char* mode : {"resident", "recycled", "fresh", "pool"}) {
        const auto& m = report[mode];
        std::printf("  %-9s kernels %.2f s (%.2f of resident, %.2f of memory bandwidth), wall %.2f s (%.2f of disk), "
                    "cpu %.2f s\n",
                    mode, m["kernel_s"].get<double>(), m["kernel_ratio"].get<double>(), m["memory_ratio"].get<double>(),
                    m["wall_s"].get<double>(), m["stream_ratio"].get<double>(), m["cpu_s"].get<double>());
    }
    std::printf("  pool warmed in %.2f s (%.2f GB/s of fresh pages)\n", warm_s, report["pool_warm_GBps"].get<double>());
    return 0;
}

}  // namespace

int bench_slots(int argc, char** argv) { return run(argc, argv); }

}  // namespace peng::cli
