#pragma once
// What a sampling chain's steps work on: one row of logits and the ids still in play.
#include <vector>

namespace peng {

struct Candidates {
    const float* logits = nullptr;  // the whole row, indexed by id; steps never write it
    int count = 0;                  // before ranking, the candidates are the ids [0, count)
    // Once ranked: the candidates, best first, and (once weighed) their relative
    // probabilities, parallel to `ids`. Kept between tokens so a decode allocates once.
    std::vector<int> ids;
    std::vector<double> weights;
};

// One stage of the chain. Future steps (a grammar mask, repetition penalties, logprobs
// capture) implement this too and take their place in SamplingChain's order.
class SamplingStep {
public:
    virtual ~SamplingStep() = default;
    virtual void apply(Candidates& candidates) const = 0;
};

}  // namespace peng
