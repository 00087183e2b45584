#pragma once
// The decode roofline of a run (`peng-cli run --bound`): a tighter limit than the
// bandwidth bound, for telling slow kernels from poor overlap. Per token, each part
// of the weights (dense matrices by format, routed experts) moves its bytes at the
// slower of the memory read bandwidth and the rate the cores decode and multiply that
// format at with the bytes in cache (measured now, on the model's own weights), and
// the disk's reads overlap all of it. Beside it, the streamed roofline: each part at the
// rate the kernels reach on the part's own matrices read straight from memory (a
// token's worth of them, more than the caches hold), which is what an engine made of
// these kernels can reach at best.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace peng {
class Model;
}

namespace peng::cli {

struct RooflinePart {
    std::string part;    // "dense" or "experts"
    std::string format;  // "bf16", "fp8", "mxfp4", "f32"
    uint64_t bytes_per_token = 0;
    double compute_GBps = 0;   // in cache
    double streamed_GBps = 0;  // from memory: every dense matrix of the format, or many experts
};

// Measures every part's in-cache and streamed rates (about `seconds` each). Reads
// experts of the first MoE layer into a store of its own (about kStreamedExpertBytes);
// the model's cache is not touched.
std::vector<RooflinePart> decode_roofline_parts(const Model& model, double seconds = 0.3);

// The parts and the bound: each part's bytes at min(memory, its compute rate), summed,
// or the disk's seconds per token where that is longer; `ratio` is tokens_per_s over it.
// `streamed` is the same with each part at min(memory, compute, streamed rate).
nlohmann::json roofline_json(const std::vector<RooflinePart>& parts, double memory_GBps, double disk_seconds,
                             double tokens_per_s);

}  // namespace peng::cli
