// Engine::token_log_probs: teacher-forced log-probabilities, for evaluation
// (peng-cli eval). The logits are the ones forward() gives every caller; only the
// normalisation is added, in double, over the ids the tokenizer defines (the rows
// past them are never sampled, spec 7.9).
#include <algorithm>
#include <cmath>
#include <string>

#include "api/engine.h"
#include "api/engine_state.h"
#include "model/kv_cache.h"

namespace peng {

std::vector<double> Engine::token_log_probs(const std::vector<int>& tokens) {
    State& s = *state_;
    Model& model = *s.model;
    const int rows = model.config().vocab_size;
    const int ids = std::min(s.info.vocab_size > 0 ? s.info.vocab_size : rows, rows);
    if (tokens.empty()) throw Error("no tokens to score");
    if (tokens.size() > size_t(s.info.context_tokens))
        throw ContextExceeded(int(std::min<size_t>(tokens.size(), INT32_MAX)), s.info.context_tokens,
                              model.config().max_position_embeddings);
    for (size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || tokens[i] >= rows)
            throw Error("token " + std::to_string(i) + " is id " + std::to_string(tokens[i]) +
                        ", outside the model's " + std::to_string(rows) + " rows");

    std::vector<double> log_probs(tokens.size(), 0.0);
    Session session(model.config());
    const int block = std::max(1, s.options.prefill_block);
    std::vector<float> logits;
    for (size_t start = 0; start < tokens.size(); start += size_t(block)) {
        const int count = int(std::min<size_t>(size_t(block), tokens.size() - start));
        logits.resize(size_t(count) * size_t(rows));
        model.forward(session, &tokens[start], count, logits.data(), true);
        for (int r = 0; r < count; ++r) {
            const size_t next = start + size_t(r) + 1;   // row r predicts the token after it
            if (next >= tokens.size()) break;
            const float* row = &logits[size_t(r) * size_t(rows)];
            const double top = *std::max_element(row, row + ids);
            double sum = 0;
            for (int v = 0; v < ids; ++v) sum += std::exp(double(row[v]) - top);
            const int target = tokens[next];
            log_probs[next] = target < ids ? double(row[target]) - top - std::log(sum) : -INFINITY;
        }
    }
    return log_probs;
}

}  // namespace peng
