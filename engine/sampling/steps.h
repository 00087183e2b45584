#pragma once
// Today's sampling steps, in the order SamplingChain applies them. Each computes
// exactly what engine/text/sampler did before the chain (same operations, same order),
// so a seed gives the same tokens as before.
#include "sampling/candidates.h"

namespace peng {

// Ids at or above the tokenizer's size (the embedding has more rows) are never chosen.
class MaskUndefinedIds : public SamplingStep {
public:
    explicit MaskUndefinedIds(int defined_ids) : defined_ids_(defined_ids) {}
    void apply(Candidates& candidates) const override;

private:
    int defined_ids_;
};

// Ranks the candidates best first (ties to the lower id) and keeps the first k, all of
// them when k is 0. The steps after it rely on the ranking.
class TopK : public SamplingStep {
public:
    explicit TopK(int k) : k_(k) {}
    void apply(Candidates& candidates) const override;

private:
    int k_;
};

// Weighs the ranked candidates: exp((logit - best logit) / temperature), in double.
class Temperature : public SamplingStep {
public:
    explicit Temperature(double temperature) : temperature_(temperature) {}
    void apply(Candidates& candidates) const override;

private:
    double temperature_;
};

// Keeps the smallest prefix of the weighed candidates whose probability reaches p.
class TopP : public SamplingStep {
public:
    explicit TopP(double p) : p_(p) {}
    void apply(Candidates& candidates) const override;

private:
    double p_;
};

}  // namespace peng
