#include "server/chat_request.h"

#include <optional>

#include "sampling/logprobs.h"
#include "server/request_error.h"

namespace peng::server {

namespace {

using Json = nlohmann::ordered_json;

std::string at(const std::string& path, size_t index) { return path + "[" + std::to_string(index) + "]"; }

// Content: a string, or parts of which Peng reads the text ones (the model reads text
// only: an image or audio part is refused rather than dropped unseen).
Json read_content(const Json* content, const std::string& path) {
    if (!content) return "";
    if (content->is_string()) return *content;
    if (!content->is_array()) throw RequestError(400, "'" + path + "' must be a string or an array of parts", path);
    Json parts = Json::array();
    for (size_t i = 0; i < content->size(); ++i) {
        const Json& part = (*content)[i];
        const RequestFields fields(part, at(path, i));
        const std::string type = fields.string("type").value_or("text");
        if (type != "text")
            throw RequestError(400, "'" + fields.path_of("type") + "' is '" + type + "': this model reads text only",
                               fields.path_of("type"));
        parts.push_back({{"type", "text"}, {"text", fields.required_string("text")}});
    }
    return parts;
}

Json read_tool_calls(const Json& calls, const std::string& path) {
    Json out = Json::array();
    for (size_t i = 0; i < calls.size(); ++i) {
        const RequestFields call(calls[i], at(path, i));
        const std::string type = call.string("type").value_or("function");
        if (type != "function")
            throw RequestError(400, "'" + call.path_of("type") + "' must be 'function'", call.path_of("type"));
        const Json* function = call.object("function");
        if (!function) throw RequestError(400, "'" + call.path_of("function") + "' is required", call.path_of("function"));
        const RequestFields fn(*function, call.path_of("function"));
        Json arguments = Json::object();
        if (const Json* given = fn.find("arguments")) {
            // OpenAI sends the arguments as a JSON string; the template wants the object.
            if (given->is_string()) {
                const std::string& text = given->get_ref<const std::string&>();
                arguments = text.empty() ? Json::object() : Json::parse(text, nullptr, false);
            } else {
                arguments = *given;
            }
            if (!arguments.is_object())
                throw RequestError(400, "'" + fn.path_of("arguments") + "' must be a JSON object (or its text)",
                                   fn.path_of("arguments"));
        }
        Json entry = {{"type", "function"}, {"function", {{"name", fn.required_string("name")}, {"arguments", arguments}}}};
        if (const std::optional<std::string> id = call.string("id")) entry["id"] = *id;
        out.push_back(std::move(entry));
    }
    return out;
}

Json read_message(const Json& message, const std::string& path) {
    const RequestFields fields(message, path);
    std::string role = fields.required_string("role");
    if (role == "developer") role = "system";
    if (role != "system" && role != "user" && role != "assistant" && role != "tool")
        throw RequestError(400,
                           "'" + fields.path_of("role") + "' is '" + role +
                               "'; it must be system, developer, user, assistant or tool",
                           fields.path_of("role"));
    Json out = {{"role", role}, {"content", read_content(fields.find("content"), fields.path_of("content"))}};
    if (role == "assistant") {
        // vLLM's newer name for it, and the one the template reads.
        std::optional<std::string> reasoning = fields.string("reasoning_content");
        if (!reasoning) reasoning = fields.string("reasoning");
        if (reasoning) out["reasoning_content"] = *reasoning;
        if (const Json* calls = fields.array("tool_calls"))
            out["tool_calls"] = read_tool_calls(*calls, fields.path_of("tool_calls"));
    } else if (role == "tool") {
        if (const std::optional<std::string> id = fields.string("tool_call_id")) out["tool_call_id"] = *id;
    } else if (!fields.find("content")) {
        throw RequestError(400, "'" + fields.path_of("content") + "' is required", fields.path_of("content"));
    }
    if (const std::optional<std::string> name = fields.string("name")) out["name"] = *name;
    return out;
}

Json read_tools(const Json& tools) {
    Json out = Json::array();
    for (size_t i = 0; i < tools.size(); ++i) {
        const RequestFields tool(tools[i], at("tools", i));
        if (tool.string("type").value_or("function") != "function")
            throw RequestError(400, "'" + tool.path_of("type") + "' must be 'function'", tool.path_of("type"));
        const Json* function = tool.object("function");
        if (!function) throw RequestError(400, "'" + tool.path_of("function") + "' is required", tool.path_of("function"));
        const RequestFields fn(*function, tool.path_of("function"));
        Json entry = {{"name", fn.required_string("name")}};
        if (const std::optional<std::string> description = fn.string("description")) entry["description"] = *description;
        if (const Json* parameters = fn.object("parameters")) entry["parameters"] = *parameters;
        out.push_back({{"type", "function"}, {"function", std::move(entry)}});
    }
    return out;
}

void read_tool_choice(const RequestFields& fields, ChatParams& chat) {
    const Json* choice = fields.find("tool_choice");
    if (!choice) return;
    if (choice->is_string()) {
        const std::string& word = choice->get_ref<const std::string&>();
        if (word == "auto") chat.tool_choice = ToolChoice::Auto;
        else if (word == "none") chat.tool_choice = ToolChoice::None;
        else if (word == "required") chat.tool_choice = ToolChoice::Required;
        else throw RequestError(400, "'tool_choice' must be none, auto, required or a named function", "tool_choice");
    } else {
        const RequestFields named(*choice, "tool_choice");
        const Json* function = named.object("function");
        if (!function) throw RequestError(400, "'tool_choice.function' is required", "tool_choice.function");
        chat.tool_choice = ToolChoice::Named;
        chat.tool_name = RequestFields(*function, "tool_choice.function").required_string("name");
    }
    const bool has_tools = chat.tools.is_array() && !chat.tools.empty();
    if ((chat.tool_choice == ToolChoice::Required || chat.tool_choice == ToolChoice::Named) && !has_tools)
        throw RequestError(400, "'tool_choice' asks for a tool but 'tools' is empty", "tool_choice");
    if (chat.tool_choice == ToolChoice::Named) {
        Json chosen = Json::array();
        for (const Json& tool : chat.tools)
            if (tool["function"]["name"] == chat.tool_name) chosen.push_back(tool);
        if (chosen.empty())
            throw RequestError(400, "'tool_choice' names '" + chat.tool_name + "', which is not in 'tools'",
                               "tool_choice.function.name");
        chat.tools = std::move(chosen);  // as SGLang does: only the named tool is offered
    }
}

// `logprobs: true` asks for each token's log-probability, `top_logprobs` for that many
// alternatives besides.
int read_logprobs(const RequestFields& fields) {
    const bool wanted = fields.boolean("logprobs").value_or(false);
    const std::optional<int64_t> top = fields.integer("top_logprobs", 0, kMaxTopLogprobs);
    if (top && *top > 0 && !wanted) throw RequestError(400, "'top_logprobs' needs 'logprobs': true", "top_logprobs");
    return wanted ? int(top.value_or(0)) : -1;
}

}  // namespace

ChatParams read_chat_request(const nlohmann::ordered_json& body) {
    const RequestFields fields(body, "");
    ChatParams chat;
    chat.generation = read_generation_params(fields);
    chat.generation.logprobs = read_logprobs(fields);
    const Json* messages = fields.array("messages");
    if (!messages || messages->empty()) throw RequestError(400, "'messages' must be a non-empty array", "messages");
    chat.messages = Json::array();
    for (size_t i = 0; i < messages->size(); ++i) chat.messages.push_back(read_message((*messages)[i], at("messages", i)));
    if (const Json* tools = fields.array("tools")) chat.tools = read_tools(*tools);
    read_tool_choice(fields, chat);
    if (chat.tool_choice == ToolChoice::None) chat.tools = Json();  // not offered, not parsed
    if (const Json* kwargs = fields.object("chat_template_kwargs")) {
        const RequestFields template_kwargs(*kwargs, "chat_template_kwargs");
        chat.thinking = template_kwargs.boolean("enable_thinking").value_or(true);
    }
    return chat;
}

}  // namespace peng::server
