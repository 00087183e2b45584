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
// model at `dir`, loaded once with `base`, twice: exactly, then with `run`'s trim
// (both with its prefetch choice). `stop`, when set, aborts between chunks with
// peng::Error("cancelled").
QualityResult measure_trim_quality(const std::string& dir, const ModelOptions& base, const RunConfig& run, int tokens,
                                   const std::atomic<bool>* stop = nullptr);

}  // namespace peng
