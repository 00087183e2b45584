#pragma once
// Turns a planned tensor into its bytes, streamed in row bands so that a 1 GB
// embedding never sits in memory, with the bands of each batch generated and
// encoded in parallel (OpenMP). A quantized weight and its scale come out of
// one encoding pass: the scale is kept until its own tensor is written, which
// may be in another shard.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gen/tensor_plan.h"

namespace peng::gen {

using ByteSink = std::function<void(const uint8_t* data, size_t size)>;

class WeightSynthesizer {
public:
    explicit WeightSynthesizer(uint64_t seed) : seed_(seed) {}

    // Streams exactly tensor.byte_size() bytes into sink, in order.
    void write(const PlannedTensor& tensor, const ByteSink& sink);

private:
    // Generates and encodes the source matrix; the element bytes go to `codes`
    // (when not null) and the quantization scales, if any, into `scales`.
    void encode(const PlannedTensor& tensor, const ByteSink* codes, std::vector<uint8_t>& scales) const;

    uint64_t seed_;
    std::map<std::string, std::vector<uint8_t>> pending_scales_;  // by source key
    std::set<std::string> scales_written_;                        // keys whose scale is already out
};

}  // namespace peng::gen
