#include "sampling/sampling_chain.h"

#include "sampling/choice.h"
#include "sampling/steps.h"
#include "util/error.h"

namespace peng {

SamplingChain::SamplingChain(const SamplingOptions& options, int defined_ids) : greedy_(options.temperature <= 0) {
    if (defined_ids <= 0) throw Error("sampler: the tokenizer defines no ids");
    if (options.top_p <= 0 || options.top_p > 1) throw Error("top-p must be in (0, 1]");
    if (options.top_k < 0) throw Error("top-k must be 0 (off) or positive");
    steps_.push_back(std::make_unique<MaskUndefinedIds>(defined_ids));
    if (greedy_) return;
    steps_.push_back(std::make_unique<TopK>(options.top_k));
    steps_.push_back(std::make_unique<Temperature>(options.temperature));
    if (options.top_p < 1.0) steps_.push_back(std::make_unique<TopP>(options.top_p));
}

int SamplingChain::sample(const float* logits, int vocab_size, RandomStream& stream) {
    candidates_.logits = logits;
    candidates_.count = vocab_size;
    for (const auto& step : steps_) step->apply(candidates_);
    return greedy_ ? argmax(logits, candidates_.count) : draw(candidates_, stream);
}

}  // namespace peng
