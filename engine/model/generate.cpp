#include "model/generate.h"

#include <algorithm>
#include <chrono>

#include "model/memory_guard.h"
#include "sampling/sampling_chain.h"
#include "util/error.h"

namespace peng {

size_t prefill(Model& model, Session& session, const int* tokens, size_t count, const GenerateOptions& options,
               float* last_logits, uint64_t& trimmed_bytes) {
    if (options.prefill_block <= 0) throw Error("prefill block must be positive");
    size_t at = 0;
    while (at < count && !(options.stop_requested && options.stop_requested->load())) {
        const int block = static_cast<int>(std::min<size_t>(options.prefill_block, count - at));
        const bool last = at + size_t(block) == count;
        model.forward(session, tokens + at, block, last ? last_logits : nullptr, false, options.run);
        trimmed_bytes += guard_memory(model.experts(), options.ram_budget_bytes);
        at += size_t(block);
    }
    return at;
}

GenerateResult generate(DecodeScheduler& scheduler, Session& session, const std::vector<int>& prompt,
                        const GenerateOptions& options, const std::function<bool(int)>& on_token) {
    using Clock = std::chrono::steady_clock;
    Model& model = scheduler.model();
    if (prompt.empty()) throw Error("the prompt has no tokens");
    if (options.prefill_block <= 0) throw Error("prefill block must be positive");
    const int vocab = model.config().vocab_size;
    const int defined_ids = options.allowed_ids > 0 ? std::min(options.allowed_ids, vocab) : vocab;
    SamplingChain sampling(options.sampling, defined_ids);
    RandomStream random(options.sampling.seed);
    std::vector<float> logits(vocab);
    GenerateResult result;
    const ExpertStats before = model.experts().stats();
    auto cancelled = [&] { return options.stop_requested && options.stop_requested->load(); };
    auto guard = [&] { result.trimmed_bytes += guard_memory(model.experts(), options.ram_budget_bytes); };

    auto start = Clock::now();
    if (prefill(model, session, prompt.data(), prompt.size(), options, logits.data(), result.trimmed_bytes) <
        prompt.size()) {
        result.stop_reason = "cancelled";
        return result;
    }
    const ExpertStats after_prefill = model.experts().stats();
    result.prefill_disk_bytes = after_prefill.bytes_read - before.bytes_read;
    auto decode_start = Clock::now();
    result.stop_reason = "length";
    for (int n = 0; n < options.max_new_tokens; ++n) {
        const int id = sampling.sample(logits.data(), vocab, random);
        // The one place generated tokens' log-probabilities are taken: from the row the
        // sampler just read, which it never writes (see sampling/logprobs.h).
        if (options.on_logprobs) options.on_logprobs(token_logprobs(logits.data(), defined_ids, id, options.top_logprobs));
        result.tokens.push_back(id);
        if (n == 0) {
            decode_start = Clock::now();
            result.prefill_s = std::chrono::duration<double>(decode_start - start).count();
        }
        if (on_token && !on_token(id)) {
            result.stop_reason = "cancelled";
            break;
        }
        if (options.stop_ids.count(id)) {
            result.stop_reason = "stop_token";
            break;
        }
        if (n + 1 == options.max_new_tokens) break;
        if (cancelled()) {
            result.stop_reason = "cancelled";
            break;
        }
        // Whether one more forward() follows this one, and how its token is chosen.
        const NextToken next = n + 2 >= options.max_new_tokens ? NextToken::None
                               : sampling.greedy()                 ? NextToken::Greedy
                                                                   : NextToken::Sampled;
        scheduler.forward(session, &id, 1, logits.data(), false, next, options.run);
        if ((n + 1) % options.guard_every_tokens == 0) guard();
    }
    result.decode_s = std::chrono::duration<double>(Clock::now() - decode_start).count();
    const ExpertStats after = model.experts().stats();
    result.decode_disk_bytes = after.bytes_read - after_prefill.bytes_read;
    result.decode_disk_busy_s = after.disk_busy_s - after_prefill.disk_busy_s;
    result.decode_needed_disk_bytes = (after.misses - after_prefill.misses + after.prefetch_used -
                                       after_prefill.prefetch_used) * model.experts().expert_bytes();
    result.expert_hits = after.hits() - before.hits();
    result.expert_misses = after.misses - before.misses;
    return result;
}

}  // namespace peng
