#include "sampling/logprobs.h"

#include <algorithm>
#include <cmath>

#include "util/error.h"

namespace peng {

LogSoftmax::LogSoftmax(const float* logits, int defined_ids) : logits_(logits), defined_ids_(defined_ids) {
    if (defined_ids <= 0) throw Error("log-probabilities: the tokenizer defines no ids");
    max_ = *std::max_element(logits, logits + defined_ids);
    double sum = 0;
    for (int id = 0; id < defined_ids; ++id) sum += std::exp(double(logits[id]) - max_);
    log_sum_ = std::log(sum);
}

double LogSoftmax::operator()(int id) const {
    if (id < 0 || id >= defined_ids_) return -INFINITY;
    return double(logits_[id]) - max_ - log_sum_;
}

std::vector<TokenLogprob> LogSoftmax::top(int n) const {
    n = std::clamp(n, 0, defined_ids_);
    // One pass keeping the best n in order: n is small (at most kMaxTopLogprobs) and
    // the row long, so this beats sorting the row. Ids arrive in increasing order and
    // only a strictly larger logit passes one already kept: ties go to the lower id.
    std::vector<int> best;
    best.reserve(size_t(n) + 1);
    for (int id = 0; id < defined_ids_ && n > 0; ++id) {
        if (int(best.size()) == n && !(logits_[id] > logits_[best.back()])) continue;
        auto at = std::upper_bound(best.begin(), best.end(), id,
                                   [&](int a, int b) { return logits_[a] > logits_[b]; });
        best.insert(at, id);
        if (int(best.size()) > n) best.pop_back();
    }
    std::vector<TokenLogprob> out;
    out.reserve(best.size());
    for (int id : best) out.push_back({id, (*this)(id)});
    return out;
}

TokenLogprobs token_logprobs(const float* logits, int defined_ids, int chosen, int top_n) {
    const LogSoftmax log_softmax(logits, defined_ids);
    return {{chosen, log_softmax(chosen)}, log_softmax.top(top_n)};
}

}  // namespace peng
