#include "sampling/choice.h"

namespace peng {

int argmax(const float* logits, int count) {
    int best = 0;
    for (int i = 1; i < count; ++i)
        if (logits[i] > logits[best]) best = i;
    return best;
}

int draw(const Candidates& candidates, RandomStream& stream) {
    const std::vector<double>& weights = candidates.weights;
    double total = 0;
    for (double w : weights) total += w;
    const double point = stream.uniform(total);
    double acc = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        acc += weights[i];
        if (point < acc) return candidates.ids[i];
    }
    return candidates.ids.back();  // rounding left the point at the very end
}

}  // namespace peng
