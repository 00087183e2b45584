#include "sampling/steps.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace peng {

void MaskUndefinedIds::apply(Candidates& candidates) const {
    candidates.count = std::min(candidates.count, defined_ids_);
}

void TopK::apply(Candidates& candidates) const {
    const float* logits = candidates.logits;
    std::vector<int>& ids = candidates.ids;
    ids.resize(candidates.count);
    std::iota(ids.begin(), ids.end(), 0);
    const int keep = k_ > 0 ? std::min(k_, candidates.count) : candidates.count;
    auto by_logit = [&](int a, int b) { return logits[a] > logits[b] || (logits[a] == logits[b] && a < b); };
    std::partial_sort(ids.begin(), ids.begin() + keep, ids.end(), by_logit);
    ids.resize(keep);
    candidates.count = keep;
}

void Temperature::apply(Candidates& candidates) const {
    const float* logits = candidates.logits;
    const std::vector<int>& ids = candidates.ids;
    candidates.weights.resize(ids.size());
    // The gap is taken before dividing, as the old sampler did: (l - peak) / t and
    // l / t - peak / t differ in the last bits, and a draw can land between them.
    const double peak = logits[ids[0]];
    for (size_t i = 0; i < ids.size(); ++i) candidates.weights[i] = std::exp((logits[ids[i]] - peak) / temperature_);
}

void TopP::apply(Candidates& candidates) const {
    const std::vector<double>& weights = candidates.weights;
    double total = 0;
    for (double w : weights) total += w;
    size_t keep = weights.size();
    double mass = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        mass += weights[i] / total;
        if (mass >= p_) {
            keep = i + 1;
            break;
        }
    }
    candidates.ids.resize(keep);
    candidates.weights.resize(keep);
    candidates.count = static_cast<int>(keep);
}

}  // namespace peng
