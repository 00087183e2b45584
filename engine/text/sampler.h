#pragma once
// Next-token choice from logits: greedy, or temperature with top-k and top-p, driven
// by a seeded generator so a run can be reproduced. Ids at or above `allowed_ids`
// (the tokenizer's size; the embedding has more rows) are never chosen.
#include <cstdint>
#include <random>
#include <vector>

namespace peng {

struct SamplingOptions {
    double temperature = 1.0;  // <= 0 means greedy
    double top_p = 1.0;
    int top_k = 0;             // 0 = no limit
    uint64_t seed = 0;
};

class Sampler {
public:
    Sampler(const SamplingOptions& options, int allowed_ids);
    int sample(const float* logits, int vocab_size);

private:
    SamplingOptions options_;
    int allowed_ids_;
    std::mt19937_64 rng_;
    std::vector<int> order_;
    std::vector<double> probs_;
};

int argmax(const float* logits, int count);

}  // namespace peng
