#pragma once
// Next-token choice from a row of logits, as a chain of steps built once per call from
// its SamplingOptions:
//   greedy:  mask undefined ids -> argmax                     (takes no draw)
//   sampled: mask undefined ids -> top-k -> temperature -> top-p -> draw  (one draw)
// The random stream is not part of the chain: the caller passes it to each sample(),
// so the same stream at the same position gives the same token wherever it is asked.
#include <memory>
#include <vector>

#include "sampling/candidates.h"
#include "sampling/random_stream.h"
#include "sampling/sampling_options.h"

namespace peng {

class SamplingChain {
public:
    // `defined_ids`: the tokenizer's size; ids at or above it are never chosen.
    SamplingChain(const SamplingOptions& options, int defined_ids);

    int sample(const float* logits, int vocab_size, RandomStream& stream);

    bool greedy() const { return greedy_; }

private:
    bool greedy_;
    std::vector<std::unique_ptr<SamplingStep>> steps_;
    Candidates candidates_;  // scratch reused by every sample()
};

}  // namespace peng
