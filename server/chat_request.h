#pragma once
// POST /v1/chat/completions, read and checked: OpenAI's messages (system, developer,
// user, assistant with tool_calls, tool), tools and tool_choice, thinking on or off
// (chat_template_kwargs.enable_thinking, as vLLM and SGLang take it), and the fields
// every generation shares. The messages come out as the chat template wants them:
// text content parts kept, assistant tool-call arguments as objects (the template
// writes each argument as a <parameter=...>), "developer" read as "system".
#include <string>

#include <nlohmann/json.hpp>

#include "server/generation_params.h"

namespace peng::server {

enum class ToolChoice { Auto, None, Required, Named };

struct ChatParams {
    GenerationParams generation;
    nlohmann::ordered_json messages;      // normalised for the template
    nlohmann::ordered_json tools;         // offered to the model (null: none)
    ToolChoice tool_choice = ToolChoice::Auto;
    std::string tool_name;                // with ToolChoice::Named
    bool thinking = true;
};

// Throws RequestError (400) naming the field at fault.
ChatParams read_chat_request(const nlohmann::ordered_json& body);

}  // namespace peng::server
