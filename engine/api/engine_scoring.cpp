// Teacher forcing, for evaluation and scoring: Engine::token_log_probs (peng-cli eval),
// Engine::prompt_logprobs (the server's `echo`) and Engine::continuation_log_probs
// (peng-cli score). The logits are the ones forward() gives every caller; only the
// normalisation is added (sampling/logprobs.h: in double, over the ids the tokenizer
// defines, since the rows past them are never sampled, spec 7.9). Each runs in a
// session of its own, so the chat's cached prefixes are untouched.
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>

#include "api/engine.h"
#include "api/engine_state.h"
#include "kv/kv_snapshot.h"
#include "kv/kv_session.h"

namespace peng {

namespace {

// Runs tokens[0, count) into `session` in prefill blocks and hands each row's logits
// (row r predicts the token after tokens[r]) to `row`.
void forward_rows(Model& model, Session& session, const int* tokens, size_t count, int block,
                  const std::function<void(size_t, const float*)>& row) {
    const size_t width = size_t(model.config().vocab_size);
    std::vector<float> logits;
    for (size_t start = 0; start < count; start += size_t(block)) {
        const int n = int(std::min<size_t>(size_t(block), count - start));
        logits.resize(size_t(n) * width);
        model.forward(session, tokens + start, n, logits.data(), true, RunConfig{});  // exact, untrimmed
        for (int r = 0; r < n; ++r) row(start + size_t(r), &logits[size_t(r) * width]);
    }
}

// Ids the tokenizer defines, among the model's rows (it may define fewer).
int defined_ids(const Model& model, int tokenizer_ids) {
    const int rows = model.config().vocab_size;
    return std::min(tokenizer_ids > 0 ? tokenizer_ids : rows, rows);
}

// Throws unless `tokens` can be run: some tokens, within the context, ids of the model's rows.
void check_scored(const std::vector<int>& tokens, const Model& model, int context_tokens) {
    const int rows = model.config().vocab_size;
    if (tokens.empty()) throw Error("no tokens to score");
    if (tokens.size() > size_t(context_tokens))
        throw ContextExceeded(int(std::min<size_t>(tokens.size(), INT32_MAX)), context_tokens,
                              model.config().max_position_embeddings);
    for (size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || tokens[i] >= rows)
            throw Error("token " + std::to_string(i) + " is id " + std::to_string(tokens[i]) +
                        ", outside the model's " + std::to_string(rows) + " rows");
}

}  // namespace

std::vector<TokenLogprobs> Engine::prompt_logprobs(const std::vector<int>& tokens, int top_n) {
    State& s = *state_;
    check_scored(tokens, *s.model, s.info.context_tokens);
    const int ids = defined_ids(*s.model, s.info.vocab_size);
    std::vector<TokenLogprobs> scored(tokens.size() - 1);
    Session session(s.model->config());
    // The last token predicts nothing that is asked for, so it is not run.
    forward_rows(*s.model, session, tokens.data(), tokens.size() - 1, std::max(1, s.options.prefill_block),
                 [&](size_t r, const float* row) { scored[r] = token_logprobs(row, ids, tokens[r + 1], top_n); });
    return scored;
}

std::vector<double> Engine::token_log_probs(const std::vector<int>& tokens) {
    std::vector<double> log_probs(tokens.size(), 0.0);
    const std::vector<TokenLogprobs> scored = prompt_logprobs(tokens, 0);
    for (size_t i = 0; i < scored.size(); ++i) log_probs[i + 1] = scored[i].chosen.logprob;
    return log_probs;
}

std::vector<std::vector<double>> Engine::continuation_log_probs(const std::vector<int>& prompt,
                                                                const std::vector<std::vector<int>>& continuations) {
    State& s = *state_;
    check_scored(prompt, *s.model, s.info.context_tokens);
    for (size_t i = 0; i < continuations.size(); ++i) {
        if (continuations[i].empty()) throw Error("continuation " + std::to_string(i + 1) + " has no tokens");
        std::vector<int> whole = prompt;
        whole.insert(whole.end(), continuations[i].begin(), continuations[i].end());
        check_scored(whole, *s.model, s.info.context_tokens);
    }
    const ModelConfig& config = s.model->config();
    const int ids = defined_ids(*s.model, s.info.vocab_size);
    const int block = std::max(1, s.options.prefill_block);
    // The prompt runs once; its KV is taken out of the session and each continuation
    // starts from a session rebuilt from it, whose logits are the bytes of a run of
    // prompt + continuation from scratch (kv/kv_snapshot.h).
    Session session(config);
    std::vector<float> last(size_t(config.vocab_size));
    forward_rows(*s.model, session, prompt.data(), prompt.size(), block, [&](size_t r, const float* row) {
        if (r + 1 == prompt.size()) std::copy(row, row + config.vocab_size, last.begin());
    });
    const KvSnapshot snapshot = capture_snapshot(config, session, prompt);
    const LogSoftmax after_prompt(last.data(), ids);
    std::vector<std::vector<double>> scores;
    for (const std::vector<int>& c : continuations) {
        std::vector<double> log_probs{after_prompt(c[0])};
        Session from_prompt = restore_session(config, snapshot, int(prompt.size()));
        forward_rows(*s.model, from_prompt, c.data(), c.size() - 1, block,
                     [&](size_t r, const float* row) { log_probs.push_back(LogSoftmax(row, ids)(c[r + 1])); });
        scores.push_back(std::move(log_probs));
    }
    return scores;
}

}  // namespace peng
