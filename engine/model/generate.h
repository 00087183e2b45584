#pragma once
// The generation loop shared by peng-cli and the app: prefill the prompt in blocks,
// then decode one token at a time until a stop id, the token limit or a stop request.
#include <atomic>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "model/decode_scheduler.h"
#include "model/model.h"
#include "sampling/logprobs.h"
#include "sampling/sampling_options.h"

namespace peng {

struct GenerateOptions {
    int max_new_tokens = 64;
    int prefill_block = 64;
    SamplingOptions sampling;
    RunConfig run;                // the trim and prefetch every forward() of this call uses
    int allowed_ids = 0;          // the tokenizer's id count; ids above are never sampled
    std::set<int> stop_ids;
    const std::atomic<bool>* stop_requested = nullptr;
    // The resident-memory guard: when the process's measured RSS passes this many
    // bytes, expert slots are trimmed before the operating system has to step in.
    uint64_t ram_budget_bytes = 0;
    int guard_every_tokens = 8;
    // When set, each sampled token's log-probabilities (sampling/logprobs.h) with the
    // `top_logprobs` most likely ids at its position, before on_token sees the id.
    std::function<void(const TokenLogprobs&)> on_logprobs;
    int top_logprobs = 0;
};

struct GenerateResult {
    std::vector<int> tokens;      // generated ids (a final stop id included)
    std::string stop_reason;      // "stop_token", "length" or "cancelled"
    double prefill_s = 0;         // prompt processing up to the first sampled token
    double decode_s = 0;          // everything after the first token
    uint64_t prefill_disk_bytes = 0, decode_disk_bytes = 0;
    // Decode's expert bytes the routing needed from disk: demand misses and the
    // speculative reads it used, not the wrong guesses (those are in decode_disk_bytes).
    uint64_t decode_needed_disk_bytes = 0;
    double decode_disk_busy_s = 0;  // decode's wall time with a read running
    uint64_t expert_hits = 0, expert_misses = 0;
    uint64_t trimmed_bytes = 0;   // released by the RSS guard
};

// Runs tokens[0, count) into the session in blocks of options.prefill_block, checking
// the stop request before each block and the memory guard after it (the bytes it gave
// back are added to `trimmed_bytes`). The last row's logits go to `last_logits` when it
// is not null. Returns how many tokens ran: fewer than `count` only when stopped.
size_t prefill(Model& model, Session& session, const int* tokens, size_t count, const GenerateOptions& options,
               float* last_logits, uint64_t& trimmed_bytes);

// Runs on scheduler.model(); the scheduler learns how each next token is chosen.
// `on_token` sees each new id as it is sampled; returning false stops generation.
GenerateResult generate(DecodeScheduler& scheduler, Session& session, const std::vector<int>& prompt,
                        const GenerateOptions& options, const std::function<bool(int)>& on_token = {});

}  // namespace peng
