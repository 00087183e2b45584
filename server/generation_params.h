#pragma once
// The fields /v1/chat/completions and /v1/completions share: the model asked for,
// streaming, the answer's length, sampling, stop strings, and the extras of vLLM and
// SGLang that Peng honours (routed experts, token ids). Only what Peng can do is
// accepted: a field it cannot honour (n > 1, best_of, penalties) is refused with a
// 400 naming it rather than silently ignored.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/request_fields.h"

namespace peng::server {

struct GenerationParams {
    std::string model;                    // "" = not given (the one served)
    bool stream = false;
    bool include_usage = false;           // stream_options.include_usage
    std::optional<int> max_tokens;        // max_completion_tokens or max_tokens
    std::optional<double> temperature, top_p;
    std::optional<int> top_k;             // 0 = no limit (vLLM's -1 is read as 0)
    std::optional<uint64_t> seed;
    std::vector<std::string> stop;
    // SGLang's --enable-return-routed-experts: the routed ids of every position from
    // `routed_experts_start_len` on, base64 int32 [positions, MoE layers, top_k].
    bool return_routed_experts = false;
    int routed_experts_start_len = 0;
    bool return_token_ids = false;        // vLLM: prompt_token_ids and choices[].token_ids
    // -1: no log-probabilities; else how many of the most likely tokens each position
    // lists (0..20). Chat asks with logprobs/top_logprobs, completions with logprobs: N;
    // each endpoint's reader sets it.
    int logprobs = -1;
};

// `zero_tokens`: max_tokens 0 is accepted (completions' echo scores a prompt and
// generates nothing).
GenerationParams read_generation_params(const RequestFields& fields, bool zero_tokens = false);

}  // namespace peng::server
