#include "decode_roofline.h"

#include <algorithm>
#include <map>

#include "best_pass.h"
#include "experts/expert_store.h"
#include "kernels/matvec.h"
#include "model/model.h"

namespace peng::cli {
namespace {

// A sample this size (per matrix; an expert's three make about 12 MiB) stays in the
// last-level cache between calls, and takes long enough per call that OpenMP's fork
// and join barely count.
constexpr uint64_t kSampleBytes = 4ULL << 20;

// GB/s of the matrices' cached samples multiplied by one activation row, again and
// again.
double matrices_in_cache_GBps(const std::vector<MatrixView>& matrices, double seconds) {
    std::vector<MatrixView> samples;
    uint64_t bytes = 0;
    int widest = 0, tallest = 0;
    for (const MatrixView& m : matrices) {
        samples.push_back(cached_rows(m, kSampleBytes));
        bytes += samples.back().weight_bytes();
        widest = std::max(widest, m.cols);
        tallest = std::max(tallest, samples.back().rows);
    }
    if (bytes == 0) return 0;
    // Small activations: finite, and within FP8's unbiased range (kernels/matvec.cpp).
    std::vector<float> x(static_cast<size_t>(widest)), y(static_cast<size_t>(tallest));
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(int(i * 7919 % 2001) - 1000) / 1000.0f;
    return in_cache_GBps(bytes, seconds, [&] {
        for (const MatrixView& m : samples) matmul(m, x.data(), 1, y.data());
    });
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
        parts.push_back({"dense", weight_format_name(format), entry.first, matrices_in_cache_GBps({entry.second}, seconds)});

    const ModelConfig& c = model.config();
    const int first_moe = c.first_moe_layer();
    if (first_moe < 0) return parts;
    // One real expert, read into a one-slot store of its own.
    ExpertStoreOptions options;
    options.cap_per_layer = 1;
    ExpertStore store(model.checkpoint(), model.expert_format(), options);
    store.request(first_moe, {0});
    const ExpertWeights& e = store.wait(first_moe, 0);
    parts.push_back({"experts", weight_format_name(e.gate.format),
                     uint64_t(c.moe_layer_count()) * uint64_t(c.num_experts_per_tok) * store.expert_bytes(),
                     matrices_in_cache_GBps({e.gate, e.up, e.down}, seconds)});
    store.release(first_moe);
    return parts;
}

nlohmann::json roofline_json(const std::vector<RooflinePart>& parts, double memory_GBps, double disk_seconds,
                             double tokens_per_s) {
    nlohmann::json rows = nlohmann::json::array();
    double compute_seconds = 0;  // the parts run one after another
    for (const RooflinePart& p : parts) {
        const double rate = std::min(memory_GBps, p.compute_GBps);
        const double seconds = rate > 0 ? double(p.bytes_per_token) / (rate * 1e9) : 0.0;
        compute_seconds += seconds;
        rows.push_back({{"part", p.part},
                        {"format", p.format},
                        {"bytes_per_token", p.bytes_per_token},
                        {"compute_GBps", p.compute_GBps},
                        {"limited_by", p.compute_GBps < memory_GBps ? "cores" : "memory"},
                        {"seconds_per_token", seconds}});
    }
    const double seconds = std::max(compute_seconds, disk_seconds);  // the disk's reads overlap them
    const double bound = seconds > 0 ? 1 / seconds : 0;
    return {{"parts", rows},
            {"disk_seconds_per_token", disk_seconds},
            {"decode_bound_tokens_per_s", bound},
            {"ratio", bound > 0 ? tokens_per_s / bound : 0.0}};
}

}  // namespace peng::cli
