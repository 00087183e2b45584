#include "model/routing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "ops/activation.h"

namespace peng {

std::vector<RoutedExpert> route(const ModelConfig& config, const float* logits, const float* correction_bias) {
    const int E = config.n_routed_experts, K = config.num_experts_per_tok;
    std::vector<float> score(E), choice(E);
    for (int e = 0; e < E; ++e) {
        score[e] = ops::sigmoid(logits[e]);
        choice[e] = score[e] + correction_bias[e];
    }
    // Group limiting: a group's worth is the sum of its two best choice scores; only the
    // best topk_group groups stay eligible. With n_group = 1 (MiMo-V2) nothing is masked.
    if (config.n_group > 1) {
        const int per_group = E / config.n_group;
        std::vector<float> group_score(config.n_group);
        for (int g = 0; g < config.n_group; ++g) {
            std::vector<float> members(choice.begin() + g * per_group, choice.begin() + (g + 1) * per_group);
            std::partial_sort(members.begin(), members.begin() + std::min(2, per_group), members.end(),
                              std::greater<float>());
            group_score[g] = members[0] + (per_group > 1 ? members[1] : 0.0f);
        }
        std::vector<int> groups(config.n_group);
        std::iota(groups.begin(), groups.end(), 0);
        std::stable_sort(groups.begin(), groups.end(), [&](int a, int b) { return group_score[a] > group_score[b]; });
        for (int i = config.topk_group; i < config.n_group; ++i)
            for (int e = groups[i] * per_group; e < (groups[i] + 1) * per_group; ++e)
                choice[e] = -std::numeric_limits<float>::infinity();
    }
    std::vector<int> order(E);
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + K, order.end(), [&](int a, int b) {
        return choice[a] > choice[b] || (choice[a] == choice[b] && a < b);
    });

    std::vector<RoutedExpert> picked(K);
    float sum = 0;
    for (int k = 0; k < K; ++k) {
        picked[k] = {order[k], score[order[k]]};
        sum += picked[k].weight;
    }
    const bool renormalise = config.norm_topk_prob && K > 1;
    for (auto& p : picked) {
        if (renormalise) p.weight /= (sum + 1e-20f);
        p.weight *= static_cast<float>(config.routed_scaling_factor);
    }
    return picked;
}

}  // namespace peng

namespace peng {

std::vector<RoutedExpert> trim_routes(const std::vector<RoutedExpert>& routes, int top_k, double top_p) {
    std::vector<int> by_weight(routes.size());
    std::iota(by_weight.begin(), by_weight.end(), 0);
    std::stable_sort(by_weight.begin(), by_weight.end(),
                     [&](int a, int b) { return routes[a].weight > routes[b].weight; });
    float total = 0;
    for (const auto& r : routes) total += r.weight;
    size_t keep = by_weight.size();
    if (top_k > 0) keep = std::min(keep, static_cast<size_t>(top_k));
    if (top_p > 0 && total > 0) {
        float mass = 0;
        for (size_t i = 0; i < keep; ++i) {
            mass += routes[by_weight[i]].weight;
            if (mass / total >= top_p) {
                keep = i + 1;
                break;
            }
        }
    }
    std::vector<bool> kept(routes.size(), false);
    float kept_total = 0;
    for (size_t i = 0; i < keep; ++i) {
        kept[by_weight[i]] = true;
        kept_total += routes[by_weight[i]].weight;
    }
    std::vector<RoutedExpert> out;
    for (size_t i = 0; i < routes.size(); ++i)
        if (kept[i]) out.push_back({routes[i].expert, kept_total > 0 ? routes[i].weight * (total / kept_total) : 0});
    return out;
}

}  // namespace peng
