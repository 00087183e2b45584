#pragma once
// The JSON Peng answers with, shaped as OpenAI's API reference gives it (and as vLLM
// and SGLang extend it: reasoning_content, sglext.routed_experts, token ids).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/generation_run.h"
#include "server/reply_parser.h"

namespace peng::server {

using Json = nlohmann::ordered_json;

struct ResponseHead {
    std::string id;          // "chatcmpl-..." or "cmpl-..."
    int64_t created = 0;
    std::string model;
};

// usage: prompt, completion and total tokens, and the prompt tokens served from cache.
Json usage_json(int prompt_tokens, int completion_tokens, int cached_tokens);

// A tool call as a message carries it (`with_index`: as a streamed delta carries it).
Json tool_call_json(const ParsedToolCall& call, bool with_index);

// Whole answers.
Json chat_response(const ResponseHead& head, const RunOutcome& outcome, const std::vector<int>& prompt,
                   bool return_token_ids);
Json completion_response(const ResponseHead& head, const RunOutcome& outcome, const std::vector<int>& prompt,
                         bool return_token_ids);

// Streamed chunks: `delta` for chat ({"role"...}, {"content"...}, ...), text for
// completions; `finish_reason` "" = null.
Json chat_chunk(const ResponseHead& head, Json delta, const std::string& finish_reason);
Json completion_chunk(const ResponseHead& head, const std::string& text, const std::string& finish_reason);
// The chunk after the last choice chunk: no choices, only `key`: `value` (usage, sglext).
Json trailer_chunk(const ResponseHead& head, bool chat, const std::string& key, Json value);

// The delta a chat chunk carries for one parsed piece of output.
Json chat_delta(const ReplyDelta& piece);

// One server-sent event carrying `value` (invalid UTF-8 is replaced, never thrown on).
std::string sse_event(const Json& value);
std::string json_text(const Json& value);

}  // namespace peng::server
