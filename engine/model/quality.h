#pragma once
// What a lossy expert trim costs, measured against the exact model on the same
// tokens: mean KL divergence of the next-token distributions (exact || trimmed),
// how often both pick the same top-1 token, and the experts each token runs.
// Used by `peng-cli quality` and by the app's settings ("Measure").
#include <atomic>
#include <string>

#include "model/model.h"

namespace peng {

struct QualityResult {
    ExpertTrim trim;
    int tokens = 0;
    double mean_kl = 0;                  // nats
    double top1_agreement = 0;           // 0..1
    double experts_per_token = 0;        // trimmed model, summed over MoE layers
    double experts_per_token_exact = 0;  // layers x experts per token
};

// Teacher-forces `tokens` tokens of a fixed passage (encoded with the folder's
// tokenizer.json, or a fixed pseudo-random sequence without one) through the
// model at `dir` twice: with `base` exactly, then with `trim`. The two models are
// loaded one after the other, never together. `stop`, when set, aborts between
// chunks with peng::Error("cancelled").
QualityResult measure_trim_quality(const std::string& dir, const ModelOptions& base, ExpertTrim trim, int tokens,
                                   const std::atomic<bool>* stop = nullptr);

}  // namespace peng
