// peng-cli plan MODEL [--ram GB] [--vram GB] [--context N] [--json]
// Prints the placement the planner makes for a budget, what streams from disk, and
// the decode speed bound from bandwidths measured now on this machine.
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "model_setup.h"
#include "plan/bandwidth.h"
#include "plan/model_sizes.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kSummary = "where each part of the model goes for a RAM budget, and the decode speed bound";

int run(int argc, char** argv) {
    Args args("plan", kSummary);
    declare_model_word(args);
    declare_model_options(args);
    args.flag("json", "print the plan as JSON").parse(argc, argv);
    const std::string dir = model_dir(args);
    const Placement placement = place(dir, args);
    const Plan& plan = placement.plan;
    Checkpoint ckpt(dir);
    const ModelSizes sizes = measure_model_sizes(ckpt);

    const std::vector<std::string> shards = ckpt.file_paths();
    // Four times a large server LLC (384 MB here), so the caches cannot serve it.
    const double memory_GBps = measure_memory_read_GBps(2ULL << 30, 3);
    const DiskReadResult disk = measure_disk_read(shards, std::max<uint64_t>(sizes.expert_bytes, 1 << 20), 64, 4);
    const double bound = decode_bound_tokens_per_s(plan, disk.GBps, memory_GBps);

    nlohmann::json out = {
        {"budget_bytes", plan.budget_bytes},
        {"budget_measured", plan.budget_measured},
        {"reserve_bytes", plan.reserve_bytes},
        {"minimum_bytes", plan.minimum_bytes},
        {"dense_bytes", plan.dense_bytes},
        {"kv_cache_bytes", plan.kv_bytes},
        {"prefix_cache_bytes", plan.prefix_cache_bytes},
        {"runtime_bytes", plan.runtime_bytes},
        {"expert_ram_bytes", plan.expert_ram_bytes},
        {"expert_bytes", sizes.expert_bytes},
        {"moe_layers", plan.moe_layers},
        {"slots_per_layer", plan.slots_per_layer},
        {"pinned_experts", plan.pins.size()},
        {"all_experts_resident", plan.all_resident},
        {"streams_from_disk", !plan.all_resident},
        {"expected_hit_rate", plan.expected_hit_rate},
        {"disk_bytes_per_token", plan.disk_bytes_per_token},
        {"resident_bytes_per_token", plan.resident_bytes_per_token},
        {"disk_GBps", disk.GBps},
        {"disk_direct_io", disk.direct},
        {"memory_GBps", memory_GBps},
        {"decode_bound_tokens_per_s", bound},
    };
    if (!plan.vram_note.empty()) out["vram_note"] = plan.vram_note;
    if (!plan.budget_limited_by.empty()) out["budget_limited_by"] = plan.budget_limited_by;
    if (args.has("json")) {
        std::printf("%s\n", out.dump().c_str());
        return 0;
    }
    auto gb = [](uint64_t b) { return double(b) / 1e9; };
    std::printf("budget %.2f GB%s (minimum to run: %.2f GB)\n", gb(plan.budget_bytes),
                plan.budget_measured ? " (available memory minus reserve)" : "", gb(plan.minimum_bytes));
    if (!plan.budget_limited_by.empty())
        std::printf("  capped by the cgroup memory limit in %s\n", plan.budget_limited_by.c_str());
    std::printf("  dense, resident:   %8.2f GB\n  KV cache:          %8.2f GB\n  runtime:           %8.2f GB\n"
                "  KV prefix cache:   %8.2f GB (conversations switched away from)\n",
                gb(plan.dense_bytes), gb(plan.kv_bytes), gb(plan.runtime_bytes), gb(plan.prefix_cache_bytes));
    std::printf("  experts in RAM:    %8.2f GB: %d slots per MoE layer x %d layers, %zu pinned\n",
                gb(plan.expert_ram_bytes), plan.slots_per_layer, plan.moe_layers, plan.pins.size());
    if (plan.all_resident) std::printf("every expert fits in RAM: nothing streams after the first read\n");
    else
        std::printf("experts stream from disk: expected hit rate %.1f%%, %.1f MB read per token\n",
                    100 * plan.expected_hit_rate, double(plan.disk_bytes_per_token) / 1e6);
    std::printf("measured: disk %.2f GB/s%s, memory %.2f GB/s -> decode bound %.2f tokens/s\n", disk.GBps,
                disk.direct ? " (O_DIRECT)" : " (buffered: O_DIRECT refused)", memory_GBps, bound);
    return 0;
}

const Command registered{"plan", kSummary, run};

}  // namespace
}  // namespace peng::cli
