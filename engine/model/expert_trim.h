#pragma once
// The lossy TOPK/TOPP expert trim: off by default; it changes which experts run.

namespace peng {

struct ExpertTrim {
    int top_k = 0;        // keep only the k heaviest of the routed experts (0 = off)
    double top_p = 0;     // keep the fewest heaviest experts whose weights reach p (0 = off)
    bool active() const { return top_k > 0 || top_p > 0; }
    bool operator==(const ExpertTrim&) const = default;
};

}  // namespace peng
