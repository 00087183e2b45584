#include "model/quality.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "io/file.h"
#include "model/decode_scheduler.h"
#include "kv/kv_session.h"
#include "sampling/choice.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng {
namespace {

// A fixed English passage, so every run of every setting sees the same tokens.
constexpr const char* kPassage =
    "The harbour was quiet in the early morning, and the fishing boats rocked gently against the old stone pier. "
    "A woman carried a basket of bread along the water, greeting the men who mended their nets. Far out at sea a "
    "storm was gathering, but nobody in the village had noticed it yet. def area(radius): return 3.14159 * radius "
    "** 2  # the area of a circle. In 1969 people first walked on the Moon; the journey took about three days. ";

constexpr int kChunk = 64;  // tokens per forward call

std::vector<int> passage_tokens(const std::string& dir, int count, int vocab) {
    std::vector<int> tokens;
    if (file_exists(dir + "/tokenizer.json")) {
        const Tokenizer tokenizer = Tokenizer::from_file(dir + "/tokenizer.json");
        while (static_cast<int>(tokens.size()) < count) {
            const auto more = tokenizer.encode(kPassage);
            tokens.insert(tokens.end(), more.begin(), more.end());
        }
    } else {
        uint32_t state = 1;
        while (static_cast<int>(tokens.size()) < count) {
            state = state * 1664525u + 1013904223u;
            tokens.push_back(static_cast<int>((state >> 8) % uint32_t(vocab)));
        }
    }
    tokens.resize(count);
    return tokens;
}

std::vector<float> teacher_forced(Model& model, const RunConfig& run, const std::vector<int>& tokens,
                                  const std::atomic<bool>* stop) {
    const DecodeScheduler lookahead(model);  // the router lookahead as run.prefetch says, as the model decodes
    const int vocab = model.config().vocab_size;
    std::vector<float> logits(tokens.size() * size_t(vocab));
    Session session(model.config());
    for (size_t at = 0; at < tokens.size(); at += kChunk) {
        if (stop && stop->load()) throw Error("cancelled");
        const int count = static_cast<int>(std::min<size_t>(kChunk, tokens.size() - at));
        model.forward(session, &tokens[at], count, &logits[at * vocab], true, run);
    }
    return logits;
}

// log-softmax over the first n ids (those the tokenizer defines), in double.
std::vector<double> log_probs(const float* logits, int n) {
    double peak = logits[0];
    for (int i = 1; i < n; ++i) peak = std::max(peak, double(logits[i]));
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += std::exp(double(logits[i]) - peak);
    std::vector<double> out(n);
    for (int i = 0; i < n; ++i) out[i] = double(logits[i]) - peak - std::log(sum);
    return out;
}

}  // namespace

QualityResult measure_trim_quality(const std::string& dir, const ModelOptions& base, const RunConfig& run, int tokens,
                                   const std::atomic<bool>* stop) {
    if (tokens <= 0) throw Error("the quality measurement needs a positive token count");
    QualityResult result;
    result.trim = run.trim;
    result.tokens = tokens;

    Model model(dir, base);
    check_trim(run.trim, model.config());  // before the exact pass's work
    const int vocab = model.config().vocab_size;
    const int allowed = file_exists(dir + "/tokenizer.json")
                            ? Tokenizer::from_file(dir + "/tokenizer.json").vocab_size()
                            : vocab;
    const int n = std::min(allowed, vocab);
    const std::vector<int> ids = passage_tokens(dir, tokens, n);
    RunConfig exact = run;
    exact.trim = ExpertTrim{};
    const std::vector<float> reference = teacher_forced(model, exact, ids, stop);
    const ModelConfig& c = model.config();
    result.experts_per_token_exact = double(c.moe_layer_count()) * c.num_experts_per_tok;

    const uint64_t experts_before = model.profile().experts_run;
    const std::vector<float> approximate = teacher_forced(model, run, ids, stop);
    result.experts_per_token = double(model.profile().experts_run - experts_before) / tokens;

    double kl_sum = 0;
    int agree = 0;
    for (int t = 0; t < tokens; ++t) {
        const float* p = &reference[size_t(t) * vocab];
        const float* q = &approximate[size_t(t) * vocab];
        const auto lp = log_probs(p, n), lq = log_probs(q, n);
        double kl = 0;
        for (int i = 0; i < n; ++i) kl += std::exp(lp[i]) * (lp[i] - lq[i]);
        kl_sum += kl;
        agree += argmax(p, n) == argmax(q, n);
    }
    result.mean_kl = kl_sum / tokens;
    result.top1_agreement = double(agree) / tokens;
    return result;
}

}  // namespace peng
