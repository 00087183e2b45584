#include "experts/routing_structure.h"

#include <algorithm>
#include <cmath>

namespace peng {

namespace {

double normalised_entropy(const std::vector<double>& load, int experts) {
    double total = 0;
    for (double n : load) total += n;
    if (total <= 0 || experts < 2) return 0;
    double bits = 0;
    for (double n : load)
        if (n > 0) bits -= n / total * std::log2(n / total);
    return bits / std::log2(double(experts));
}

// |a ∩ b| / |b|, experts listed once per step in decode.
double reuse(const RoutingStep& previous, const RoutingStep& step) {
    if (step.empty()) return 0;
    std::size_t shared = 0;
    for (int e : step) shared += std::find(previous.begin(), previous.end(), e) != previous.end();
    return double(shared) / double(step.size());
}

}  // namespace

RoutingStructure routing_structure(const std::vector<std::vector<RoutingStep>>& trace, std::size_t warmup_steps,
                                   int experts) {
    RoutingStructure out;
    double reuse_sum = 0;
    std::size_t reuse_count = 0;
    for (const auto& steps : trace) {
        if (steps.empty()) continue;
        std::vector<double> load(std::size_t(std::max(experts, 0)), 0.0);
        for (const RoutingStep& step : steps)
            for (int e : step)
                if (e >= 0 && e < experts) load[std::size_t(e)] += 1;
        out.load_entropy.push_back(normalised_entropy(load, experts));
        // From the second decode step: the first follows a prompt block, not a token.
        for (std::size_t s = warmup_steps + 1; s < steps.size(); ++s) {
            reuse_sum += reuse(steps[s - 1], steps[s]);
            ++reuse_count;
        }
        out.decode_steps = std::max(out.decode_steps, steps.size() > warmup_steps ? steps.size() - warmup_steps : 0);
    }
    if (!out.load_entropy.empty()) {
        double sum = 0;
        for (double h : out.load_entropy) sum += h;
        out.mean_load_entropy = sum / double(out.load_entropy.size());
    }
    out.mean_step_reuse = reuse_count ? reuse_sum / double(reuse_count) : 0;
    return out;
}

}  // namespace peng
