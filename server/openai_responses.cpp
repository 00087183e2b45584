#include "server/openai_responses.h"

namespace peng::server {

namespace {

// A message's calls, or (`with_index`) a streamed delta's.
Json tool_calls_json(const std::vector<ParsedToolCall>& calls, bool with_index) {
    Json list = Json::array();
    for (const ParsedToolCall& call : calls) list.push_back(tool_call_json(call, with_index));
    return list;
}

Json chat_message(const RunOutcome& outcome) {
    Json message = {{"role", "assistant"}, {"content", outcome.content}};
    if (!outcome.reasoning.empty()) message["reasoning_content"] = outcome.reasoning;
    if (!outcome.tool_calls.empty()) message["tool_calls"] = tool_calls_json(outcome.tool_calls, false);
    return message;
}

Json response_head(const ResponseHead& head, const char* object) {
    return {{"id", head.id}, {"object", object}, {"created", head.created}, {"model", head.model}};
}

// vLLM's return_token_ids and SGLang's sglext.routed_experts, where asked for.
void add_extras(Json& response, Json& choice, const RunOutcome& outcome, const std::vector<int>& prompt,
                bool return_token_ids) {
    if (return_token_ids) {
        response["prompt_token_ids"] = prompt;
        choice["token_ids"] = outcome.reply.tokens;
    }
    if (!outcome.routed_experts.empty() || outcome.routed_rows > 0)
        response["sglext"] = {{"routed_experts", outcome.routed_experts}};
}

}  // namespace

Json usage_json(int prompt_tokens, int completion_tokens, int cached_tokens) {
    return {{"prompt_tokens", prompt_tokens},
            {"completion_tokens", completion_tokens},
            {"total_tokens", prompt_tokens + completion_tokens},
            {"prompt_tokens_details", {{"cached_tokens", cached_tokens}}}};
}

Json tool_call_json(const ParsedToolCall& call, bool with_index) {
    Json json;
    if (with_index) json["index"] = call.index;
    json["id"] = call.id;
    json["type"] = "function";
    json["function"] = {{"name", call.name}, {"arguments", json_text(call.arguments)}};
    return json;
}

Json chat_response(const ResponseHead& head, const RunOutcome& outcome, const std::vector<int>& prompt,
                   bool return_token_ids) {
    Json response = response_head(head, "chat.completion");
    Json choice = {{"index", 0}, {"message", chat_message(outcome)}, {"finish_reason", outcome.finish_reason},
                   {"logprobs", nullptr}};
    add_extras(response, choice, outcome, prompt, return_token_ids);
    response["choices"] = Json::array({std::move(choice)});
    response["usage"] = usage_json(outcome.reply.prompt_tokens, int(outcome.reply.tokens.size()),
                                   outcome.reply.prefix_reused_tokens);
    return response;
}

Json completion_response(const ResponseHead& head, const RunOutcome& outcome, const std::vector<int>& prompt,
                         bool return_token_ids) {
    Json response = response_head(head, "text_completion");
    Json choice = {{"index", 0}, {"text", outcome.content}, {"finish_reason", outcome.finish_reason},
                   {"logprobs", nullptr}};
    add_extras(response, choice, outcome, prompt, return_token_ids);
    response["choices"] = Json::array({std::move(choice)});
    response["usage"] = usage_json(outcome.reply.prompt_tokens, int(outcome.reply.tokens.size()),
                                   outcome.reply.prefix_reused_tokens);
    return response;
}

Json chat_chunk(const ResponseHead& head, Json delta, const std::string& finish_reason) {
    Json chunk = response_head(head, "chat.completion.chunk");
    Json choice = {{"index", 0}, {"delta", std::move(delta)}, {"logprobs", nullptr}};
    choice["finish_reason"] = finish_reason.empty() ? Json() : Json(finish_reason);
    chunk["choices"] = Json::array({std::move(choice)});
    return chunk;
}

Json completion_chunk(const ResponseHead& head, const std::string& text, const std::string& finish_reason) {
    Json chunk = response_head(head, "text_completion");
    Json choice = {{"index", 0}, {"text", text}, {"logprobs", nullptr}};
    choice["finish_reason"] = finish_reason.empty() ? Json() : Json(finish_reason);
    chunk["choices"] = Json::array({std::move(choice)});
    return chunk;
}

Json trailer_chunk(const ResponseHead& head, bool chat, const std::string& key, Json value) {
    Json chunk = response_head(head, chat ? "chat.completion.chunk" : "text_completion");
    chunk["choices"] = Json::array();
    chunk[key] = std::move(value);
    return chunk;
}

Json chat_delta(const ReplyDelta& piece) {
    Json delta = Json::object();
    if (!piece.reasoning.empty()) delta["reasoning_content"] = piece.reasoning;
    if (!piece.content.empty()) delta["content"] = piece.content;
    if (!piece.tool_calls.empty()) delta["tool_calls"] = tool_calls_json(piece.tool_calls, true);
    return delta;
}

std::string json_text(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string sse_event(const Json& value) { return "data: " + json_text(value) + "\n\n"; }

}  // namespace peng::server
