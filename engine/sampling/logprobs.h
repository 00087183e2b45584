#pragma once
// Log-probabilities as OpenAI's `logprobs` report them: the model's own distribution,
// log-softmax of the raw logits over the ids the tokenizer defines (ids at or above
// its size are masked, as the sampler masks them), taken before top-k, temperature
// and top-p shape the distribution a token is drawn from. Reading them never changes
// which token is drawn. Computed in double from the row's maximum (log-sum-exp).
#include <vector>

namespace peng {

// The most alternatives a caller may ask for per position (OpenAI's limit).
constexpr int kMaxTopLogprobs = 20;

struct TokenLogprob {
    int id = 0;
    double logprob = 0;
};

// One token and, at its position, the most likely ids.
struct TokenLogprobs {
    TokenLogprob chosen;
    std::vector<TokenLogprob> top;  // most likely first, ties to the lower id
};

// The log-softmax of one row of logits over ids [0, defined_ids).
class LogSoftmax {
public:
    LogSoftmax(const float* logits, int defined_ids);
    // -infinity for an id the tokenizer does not define.
    double operator()(int id) const;
    // The `n` most likely ids (at most defined_ids), most likely first.
    std::vector<TokenLogprob> top(int n) const;

private:
    const float* logits_;
    int defined_ids_;
    double max_ = 0, log_sum_ = 0;
};

// `chosen`'s log-probability in `logits` and the `top_n` most likely ids there.
TokenLogprobs token_logprobs(const float* logits, int defined_ids, int chosen, int top_n);

}  // namespace peng
