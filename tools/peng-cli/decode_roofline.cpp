#include "decode_roofline.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "experts/expert_store.h"
#include "kernels/lane_order.h"
#include "kernels/matvec.h"
#include "model/model.h"

namespace peng::cli {
namespace {

// A sample this size (per matrix; an expert's three make about 12 MiB) stays in the
// last-level cache between calls, and takes long enough per call that OpenMP's fork
// and join barely count.
constexpr uint64_t kSampleBytes = 4ULL << 20;

// The matrix's first rows, whole 128-row FP8 scale blocks, about kSampleBytes.
MatrixView cached_sample(const MatrixView& m) {
    const uint64_t row_bytes = std::max<uint64_t>(1, m.weight_bytes() / uint64_t(std::max(1, m.rows)));
    const int block = kernels::kFp8Block;
    const int rows = int(std::max<uint64_t>(block, kSampleBytes / row_bytes / block * block));
    return m.row_range(0, std::min(m.rows, rows));
}

// GB/s of the samples multiplied by one activation row, again and again while they
// stay cached: the best of several passes after a warm-up.
double in_cache_GBps(const std::vector<MatrixView>& matrices, double seconds) {
    std::vector<MatrixView> samples;
    uint64_t bytes = 0;
    int widest = 0, tallest = 0;
    for (const MatrixView& m : matrices) {
        samples.push_back(cached_sample(m));
        bytes += samples.back().weight_bytes();
        widest = std::max(widest, m.cols);
        tallest = std::max(tallest, samples.back().rows);
    }
    if (bytes == 0) return 0;
    // Small activations: finite, and within FP8's unbiased range (kernels/matvec.cpp).
    std::vector<float> x(static_cast<size_t>(widest)), y(static_cast<size_t>(tallest));
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(int(i * 7919 % 2001) - 1000) / 1000.0f;
    auto pass = [&] {
        for (const MatrixView& m : samples) matmul(m, x.data(), 1, y.data());
    };
    using Clock = std::chrono::steady_clock;
    pass();
    double best = 0, spent = 0;
    const int calls = int(std::max<uint64_t>(1, (64ULL << 20) / bytes));  // ~64 MiB per timed pass
    for (int n = 0; n < 3 || spent < seconds; ++n) {
        const auto start = Clock::now();
        for (int k = 0; k < calls; ++k) pass();
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        spent += s;
        best = std::max(best, double(bytes) * calls / s / 1e9);
    }
    return best;
}

}  // namespace

std::vector<RooflinePart> decode_roofline_parts(const Model& model, double seconds) {
    std::vector<RooflinePart> parts;
    // Dense matrices by format; each format's rate is measured on its largest matrix.
    std::map<WeightFormat, std::pair<uint64_t, MatrixView>> dense;
    for (const MatrixView& m : model.cpu_decode_matrices()) {
        auto& [bytes, largest] = dense[m.format];
        bytes += m.weight_bytes();
        if (m.weight_bytes() > largest.weight_bytes()) largest = m;
    }
    for (const auto& [format, entry] : dense)
        parts.push_back({"dense", weight_format_name(format), entry.first, in_cache_GBps({entry.second}, seconds)});

    const ModelConfig& c = model.config();
    int first_moe = -1, moe_layers = 0;
    for (int l = 0; l < c.num_layers; ++l)
        if (c.is_moe(l)) {
            if (first_moe < 0) first_moe = l;
            ++moe_layers;
        }
    if (first_moe < 0) return parts;
    // One real expert, read into a one-slot store of its own.
    ExpertStoreOptions options;
    options.cap_per_layer = 1;
    ExpertStore store(model.checkpoint(), model.expert_format(), options);
    store.request(first_moe, {0});
    const ExpertWeights& e = store.wait(first_moe, 0);
    parts.push_back({"experts", weight_format_name(e.gate.format),
                     uint64_t(moe_layers) * uint64_t(c.num_experts_per_tok) * store.expert_bytes(),
                     in_cache_GBps({e.gate, e.up, e.down}, seconds)});
    store.release(first_moe);
    return parts;
}

double roofline_seconds_per_token(const std::vector<RooflinePart>& parts, double memory_GBps, double disk_seconds) {
    double seconds = 0;
    for (const RooflinePart& p : parts) {
        const double rate = std::min(memory_GBps, p.compute_GBps);
        if (rate > 0) seconds += double(p.bytes_per_token) / (rate * 1e9);
    }
    return std::max(seconds, disk_seconds);
}

nlohmann::json roofline_json(const std::vector<RooflinePart>& parts, double memory_GBps, double disk_seconds,
                             double tokens_per_s) {
    nlohmann::json rows = nlohmann::json::array();
    for (const RooflinePart& p : parts) {
        const double rate = std::min(memory_GBps, p.compute_GBps);
        rows.push_back({{"part", p.part},
                        {"format", p.format},
                        {"bytes_per_token", p.bytes_per_token},
                        {"compute_GBps", p.compute_GBps},
                        {"limited_by", p.compute_GBps < memory_GBps ? "cores" : "memory"},
                        {"seconds_per_token", rate > 0 ? double(p.bytes_per_token) / (rate * 1e9) : 0.0}});
    }
    const double seconds = roofline_seconds_per_token(parts, memory_GBps, disk_seconds);
    const double bound = seconds > 0 ? 1 / seconds : 0;
    return {{"parts", rows},
            {"disk_seconds_per_token", disk_seconds},
            {"decode_bound_tokens_per_s", bound},
            {"ratio", bound > 0 ? tokens_per_s / bound : 0.0}};
}

}  // namespace peng::cli
