#include "text/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "util/error.h"

namespace peng {

int argmax(const float* logits, int count) {
    int best = 0;
    for (int i = 1; i < count; ++i)
        if (logits[i] > logits[best]) best = i;
    return best;
}

Sampler::Sampler(const SamplingOptions& options, int allowed_ids)
    : options_(options), allowed_ids_(allowed_ids), rng_(options.seed) {
    if (allowed_ids_ <= 0) throw Error("sampler: the tokenizer defines no ids");
    if (options_.top_p <= 0 || options_.top_p > 1) throw Error("top-p must be in (0, 1]");
    if (options_.top_k < 0) throw Error("top-k must be 0 (off) or positive");
}

int Sampler::sample(const float* logits, int vocab_size) {
    const int n = std::min(allowed_ids_, vocab_size);
    if (options_.temperature <= 0) return argmax(logits, n);

    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0);
    const int keep_k = options_.top_k > 0 ? std::min(options_.top_k, n) : n;
    auto by_logit = [&](int a, int b) { return logits[a] > logits[b] || (logits[a] == logits[b] && a < b); };
    std::partial_sort(order_.begin(), order_.begin() + keep_k, order_.end(), by_logit);
    order_.resize(keep_k);

    // Softmax in double over the kept ids, then the smallest prefix reaching top_p.
    probs_.resize(keep_k);
    const double peak = logits[order_[0]];
    double total = 0;
    for (int i = 0; i < keep_k; ++i) total += probs_[i] = std::exp((logits[order_[i]] - peak) / options_.temperature);
    int keep = keep_k;
    if (options_.top_p < 1.0) {
        double mass = 0;
        for (int i = 0; i < keep_k; ++i) {
            mass += probs_[i] / total;
            if (mass >= options_.top_p) {
                keep = i + 1;
                break;
            }
        }
    }
    double kept_total = 0;
    for (int i = 0; i < keep; ++i) kept_total += probs_[i];
    const double draw = std::uniform_real_distribution<double>(0.0, kept_total)(rng_);
    double acc = 0;
    for (int i = 0; i < keep; ++i) {
        acc += probs_[i];
        if (draw < acc) return order_[i];
    }
    return order_[keep - 1];
}

}  // namespace peng
