#include "decode_roofline.h"

#include <algorithm>
#include <map>

#include "best_pass.h"
#include "experts/expert_store.h"
#include "kernels/matvec.h"
#include "model/model.h"
#include "util/error.h"

namespace peng::cli {
namespace {

// A sample this size (per matrix; an expert's three make about 12 MiB) stays in the
// last-level cache between calls, and takes long enough per call that OpenMP's fork
// and join barely count.
constexpr uint64_t kSampleBytes = 4ULL << 20;
// Experts the streamed rate runs through: far more than a desktop's last-level cache,
// as a token's experts are (most were not used by the token before).
constexpr uint64_t kStreamedExpertBytes = 512ULL << 20;

// Activations for every matrix of the list: small, finite, and within FP8's unbiased
// range (kernels/matvec.cpp); `y` is as tall as the tallest.
struct Activation {
    std::vector<float> x, y;
    explicit Activation(const std::vector<MatrixView>& matrices) {
        int widest = 0, tallest = 0;
        for (const MatrixView& m : matrices) {
            widest = std::max(widest, m.cols);
            tallest = std::max(tallest, m.rows);
        }
        x.resize(size_t(widest));
        y.resize(size_t(tallest));
        for (size_t i = 0; i < x.size(); ++i) x[i] = float(int(i * 7919 % 2001) - 1000) / 1000.0f;
    }
};

// GB/s of the matrices' cached samples multiplied by one activation row, again and
// again.
double matrices_in_cache_GBps(const std::vector<MatrixView>& matrices, double seconds) {
    std::vector<MatrixView> samples;
    uint64_t bytes = 0;
    for (const MatrixView& m : matrices) {
        samples.push_back(cached_rows(m, kSampleBytes));
        bytes += samples.back().weight_bytes();
    }
    if (bytes == 0) return 0;
    Activation a(samples);
    return in_cache_GBps(bytes, seconds, [&] {
        for (const MatrixView& m : samples) matmul(m, a.x.data(), 1, a.y.data());
    });
}

// GB/s of one pass over all the matrices, where they live, by one activation row: the
// best of several passes, so that the first pays any page faults.
double matrices_streamed_GBps(const std::vector<MatrixView>& matrices, double seconds) {
    uint64_t bytes = 0;
    for (const MatrixView& m : matrices) bytes += m.weight_bytes();
    if (bytes == 0) return 0;
    Activation a(matrices);
    return best_GBps(bytes, seconds, [&] {
        for (const MatrixView& m : matrices) matmul(m, a.x.data(), 1, a.y.data());
    }).GBps;
}

}  // namespace

std::vector<RooflinePart> decode_roofline_parts(const Model& model, double seconds) {
    std::vector<RooflinePart> parts;
    // Dense matrices by format; each format's in-cache rate is measured on its largest
    // matrix, its streamed rate on all of them.
    std::map<WeightFormat, std::vector<MatrixView>> dense;
    for (const MatrixView& m : model.cpu_decode_matrices()) dense[m.format].push_back(m);
    for (const auto& [format, matrices] : dense) {
        uint64_t bytes = 0;
        const MatrixView* largest = &matrices.front();
        for (const MatrixView& m : matrices) {
            bytes += m.weight_bytes();
            if (m.weight_bytes() > largest->weight_bytes()) largest = &m;
        }
        parts.push_back({"dense", weight_format_name(format), bytes, matrices_in_cache_GBps({*largest}, seconds),
                         matrices_streamed_GBps(matrices, seconds)});
    }

    const ModelConfig& c = model.config();
    const int first_moe = c.first_moe_layer();
    if (first_moe < 0) return parts;
    // Real experts, read into a store of their own: the first one's matrices give the
    // in-cache rate, all of them the streamed one.
    const uint64_t expert_bytes = ExpertStore::slot_bytes_of(model.checkpoint(), model.expert_format());
    const uint64_t wanted = (kStreamedExpertBytes + expert_bytes - 1) / std::max<uint64_t>(1, expert_bytes);
    const int count = int(std::clamp<uint64_t>(wanted, 1, uint64_t(c.n_routed_experts)));
    ExpertStoreOptions options;
    options.cap_per_layer = count;
    ExpertStore store(model.checkpoint(), model.expert_format(), options);
    std::vector<int> experts(static_cast<size_t>(count));
    for (int e = 0; e < count; ++e) experts[size_t(e)] = e;
    if (store.request(first_moe, experts) != experts.size())
        throw Error("the roofline's expert store took fewer experts than it has slots");
    std::vector<MatrixView> matrices;
    for (int e : experts) {
        const ExpertWeights& w = store.wait(first_moe, e);
        matrices.insert(matrices.end(), {w.gate, w.up, w.down});
    }
    parts.push_back({"experts", weight_format_name(matrices.front().format),
                     uint64_t(c.moe_layer_count()) * uint64_t(c.num_experts_per_tok) * store.expert_bytes(),
                     matrices_in_cache_GBps({matrices[0], matrices[1], matrices[2]}, seconds),
                     matrices_streamed_GBps(matrices, seconds)});
    store.release(first_moe);
    return parts;
}

nlohmann::json roofline_json(const std::vector<RooflinePart>& parts, double memory_GBps, double disk_seconds,
                             double tokens_per_s) {
    auto seconds_at = [](uint64_t bytes, double GBps) { return GBps > 0 ? double(bytes) / (GBps * 1e9) : 0.0; };
    nlohmann::json rows = nlohmann::json::array();
    double compute_seconds = 0, streamed_seconds = 0;  // the parts run one after another
    for (const RooflinePart& p : parts) {
        const double rate = std::min(memory_GBps, p.compute_GBps);
        const double seconds = seconds_at(p.bytes_per_token, rate);
        const double streamed = seconds_at(p.bytes_per_token, std::min(rate, p.streamed_GBps));
        compute_seconds += seconds;
        streamed_seconds += streamed;
        rows.push_back({{"part", p.part},
                        {"format", p.format},
                        {"bytes_per_token", p.bytes_per_token},
                        {"compute_GBps", p.compute_GBps},
                        {"limited_by", p.compute_GBps < memory_GBps ? "cores" : "memory"},
                        {"seconds_per_token", seconds},
                        {"streamed_GBps", p.streamed_GBps},
                        {"streamed_seconds_per_token", streamed}});
    }
    // The disk's reads overlap the parts.
    auto bound_of = [&](double seconds) {
        const double slowest = std::max(seconds, disk_seconds);
        return slowest > 0 ? 1 / slowest : 0.0;
    };
    const double bound = bound_of(compute_seconds), streamed_bound = bound_of(streamed_seconds);
    return {{"parts", rows},
            {"disk_seconds_per_token", disk_seconds},
            {"decode_bound_tokens_per_s", bound},
            {"ratio", bound > 0 ? tokens_per_s / bound : 0.0},
            {"streamed",
             {{"decode_bound_tokens_per_s", streamed_bound},
              {"compute_seconds_per_token", streamed_seconds},
              {"ratio", streamed_bound > 0 ? tokens_per_s / streamed_bound : 0.0}}}};
}

}  // namespace peng::cli
