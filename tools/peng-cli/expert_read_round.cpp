#include "expert_read_round.h"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>

#include "experts/expert_store.h"
#include "util/error.h"

namespace peng::cli {

ExpertReadRound expert_read_round(const Checkpoint& ckpt, ExpertFormat format, const std::vector<int>& moe_layers,
                                  int blocks, int threads, bool direct, uint32_t seed) {
    const ModelConfig& c = ckpt.config();
    ExpertStoreOptions options;
    options.cap_per_layer = 2 * c.num_experts_per_tok;  // two blocks in flight per layer
    options.io_threads = threads;
    options.direct_io = direct;
    ExpertStore store(ckpt, format, options);
    // First, fill every slot once. A running engine reuses its slot buffers; a fresh
    // buffer costs the kernel zeroing its pages on the first read, which would be
    // charged to the reads here but not to the raw reads that reuse theirs. It is
    // reported apart, as what a cold start pays.
    const auto fill_start = std::chrono::steady_clock::now();
    for (int layer : moe_layers) {
        std::vector<int> fill(size_t(options.cap_per_layer));
        std::iota(fill.begin(), fill.end(), 0);
        store.request(layer, fill);
        for (int e : fill) store.wait(layer, e);
        store.release(layer);
    }
    const uint64_t warm_bytes = store.stats().bytes_read;
    const double fill_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - fill_start).count();
    std::mt19937 rng(seed);
    std::vector<std::pair<int, std::vector<int>>> queued;
    const auto start = std::chrono::steady_clock::now();
    for (int b = 0; b <= blocks; ++b) {
        if (b < blocks) {
            const int layer = moe_layers[size_t(b) % moe_layers.size()];
            std::vector<int> experts(c.n_routed_experts);
            std::iota(experts.begin(), experts.end(), 0);
            std::shuffle(experts.begin(), experts.end(), rng);
            experts.resize(c.num_experts_per_tok);
            if (store.request(layer, experts) != experts.size()) throw Error("expert reads: a block did not fit its slots");
            queued.emplace_back(layer, experts);
        }
        if (b > 0) {
            const auto& [layer, experts] = queued[size_t(b) - 1];
            for (int e : experts) store.wait(layer, e);
            store.release(layer);
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ExpertReadRound round;
    round.bytes = store.stats().bytes_read - warm_bytes;
    round.GBps = double(round.bytes) / seconds / 1e9;
    round.fresh_GBps = double(warm_bytes) / fill_seconds / 1e9;
    round.direct = store.direct_io();
    return round;
}

std::vector<int> moe_layers_of(const ModelConfig& c) {
    std::vector<int> layers;
    for (int l = 0; l < c.num_layers; ++l)
        if (c.is_moe(l)) layers.push_back(l);
    return layers;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

}  // namespace peng::cli
