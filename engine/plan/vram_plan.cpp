#include "plan/vram_plan.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace peng {

std::string gb_text(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GB", double(bytes) / 1e9);
    return text;
}

uint64_t expert_device_bytes(const ModelConfig& c, ExpertFormat format) {
    const WeightFormat f = format == ExpertFormat::MXFP4 ? WeightFormat::MXFP4 : WeightFormat::FP8Block;
    auto matrix = [&](int rows, int cols) {
        MatrixView w;
        w.format = f;
        w.rows = rows;
        w.cols = cols;
        w.scale_cols = (cols + 127) / 128;
        return device_bytes(w);
    };
    const int H = c.hidden_size, I = c.moe_intermediate_size;
    return 2 * matrix(I, H) + matrix(H, I);
}

std::vector<std::pair<int, int>> vram_expert_order(const ModelConfig& c, const UsageHistory* history) {
    std::vector<std::pair<int, int>> order;
    std::set<std::pair<int, int>> seen;
    if (history)
        for (const auto& le : history->hottest())
            if (le.first < c.num_layers && c.is_moe(le.first) && le.second < c.n_routed_experts) {
                order.push_back(le);
                seen.insert(le);
            }
    for (int e = 0; e < c.n_routed_experts; ++e)
        for (int l = 0; l < c.num_layers; ++l)
            if (c.is_moe(l) && !seen.count({l, e})) order.emplace_back(l, e);
    return order;
}

VramPlan plan_vram(const VramRequest& request, const std::vector<uint64_t>& dense_bytes, uint64_t bytes_per_expert,
                   const std::vector<std::pair<int, int>>& expert_order) {
    VramPlan plan;
    const uint64_t usable = request.free_bytes > request.workspace_bytes ? request.free_bytes - request.workspace_bytes : 0;
    if (request.user_budget_bytes > 0) {
        plan.budget_bytes = std::min(request.user_budget_bytes, usable);
        if (plan.budget_bytes < request.user_budget_bytes)
            plan.note = "--vram " + gb_text(request.user_budget_bytes) + " is more than the device has free; using " +
                        gb_text(plan.budget_bytes);
    } else {
        plan.budget_bytes = usable > request.reserve_bytes ? usable - request.reserve_bytes : 0;
    }

    uint64_t left = plan.budget_bytes;
    for (size_t i = 0; i < dense_bytes.size(); ++i)
        if (dense_bytes[i] <= left) {
            plan.dense.push_back(i);
            plan.dense_bytes += dense_bytes[i];
            left -= dense_bytes[i];
        }
    if (bytes_per_expert > 0) {
        const uint64_t fit = std::min<uint64_t>(left / bytes_per_expert, expert_order.size());
        plan.experts.assign(expert_order.begin(), expert_order.begin() + long(fit));
        plan.expert_bytes = fit * bytes_per_expert;
    }
    return plan;
}

}  // namespace peng
