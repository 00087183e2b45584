#pragma once
// One request's generation on the engine, for both endpoints: the turn is already
// held. Text flows engine -> stop strings -> reply parser (thinking, answer, tool
// calls) -> the caller's sink, which streams it or keeps it; a sink that reports the
// client gone stops the engine at the next token. The routed experts are recorded
// when asked for, and so are the tokens' log-probabilities: each piece of text goes
// to the sink with those of the tokens sampled since the previous piece.
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/engine.h"
#include "server/generation_params.h"
#include "server/reply_parser.h"
#include "server/served_model.h"

namespace peng::server {

struct RunRequest {
    std::vector<int> prompt;
    GenerationParams params;
    bool parse_reply = true;             // chat: split thinking and tool calls out
    bool thinking = true;
    nlohmann::ordered_json tools;        // the tools offered (null: none)
    std::string id;                      // the response id (tool-call ids derive from it)
};

struct RunOutcome {
    Reply reply;
    std::string finish_reason;           // stop, length or tool_calls
    std::string reasoning, content;      // whole texts
    std::vector<ParsedToolCall> tool_calls;
    bool client_gone = false;
    std::string routed_experts;          // base64, when asked for
    int routed_rows = 0;
    // With params.logprobs >= 0: every sampled token's but a stop token's.
    std::vector<TokenLogprobs> logprobs;
};

// Returns false when the client is gone. `logprobs` (empty unless asked for) are those
// of the tokens sampled since the previous call; the last call may carry them alone,
// with an empty delta, for tokens whose text never came out (a stop string's).
using DeltaSink = std::function<bool(const ReplyDelta& delta, const std::vector<TokenLogprobs>& logprobs)>;

// Throws peng::Error from the engine (the turn's state is then reset by the engine).
RunOutcome run_generation(Engine& engine, const ServedModel& model, const RunRequest& request,
                          const RunSettings& base, const DeltaSink& sink);

// The answer length a request gets: what it asked for (else all the room left),
// never past the context the model was opened with.
int answer_budget(const GenerationParams& params, int prompt_tokens, int context_tokens);

}  // namespace peng::server
