#include "text/chat_template.h"

#include "io/file.h"
#include "text/builtin_templates.h"
#include "text/jinja_json.h"
#include "text/jinja_template.h"
#include "util/error.h"

namespace peng {

namespace {

using Json = nlohmann::ordered_json;

Json read_json(const std::string& path) {
    std::string text = read_text_file(path);
    try {
        return Json::parse(text);
    } catch (const Json::exception& e) {
        throw Error(path + ": invalid JSON: " + e.what());
    }
}

// tokenizer_config.json writes special tokens as a string or as an AddedToken
// object {"content": "...", ...}.
bool token_text(const Json& config, const char* key, std::string& out) {
    auto it = config.find(key);
    if (it == config.end()) return false;
    if (it->is_string()) out = it->get<std::string>();
    else if (it->is_object() && it->contains("content") && (*it)["content"].is_string())
        out = (*it)["content"].get<std::string>();
    else return false;
    return true;
}

// "chat_template" is either the template text or a list of named templates, of
// which the one named "default" is the chat template.
std::string template_from_config(const Json& config, const std::string& path) {
    const Json& value = config.at("chat_template");
    if (value.is_string()) return value.get<std::string>();
    if (value.is_array()) {
        std::string names;
        for (const Json& entry : value) {
            if (!entry.is_object() || !entry.contains("name") || !entry.contains("template")) continue;
            if (entry["name"] == "default" && entry["template"].is_string()) return entry["template"].get<std::string>();
            names += (names.empty() ? "" : ", ") + entry["name"].dump();
        }
        throw Error(path + ": \"chat_template\" lists no template named \"default\" (has " + names + ")");
    }
    throw Error(path + ": \"chat_template\" must be a string or a list of {name, template}");
}

}  // namespace

ChatTemplate ChatTemplate::from_string(std::string source, std::string origin) {
    ChatTemplate t;
    t.template_ = std::make_shared<const jinja::Template>(std::move(source), std::move(origin));
    return t;
}

ChatTemplate ChatTemplate::from_file(const std::string& path) { return from_string(read_text_file(path), path); }

ChatTemplate ChatTemplate::builtin(std::string_view name) {
    return from_string(std::string(builtin_template(name)), "builtin:" + std::string(name));
}

ChatTemplate ChatTemplate::from_model_dir(const std::string& dir) {
    const std::string jinja_path = dir + "/chat_template.jinja";
    const std::string json_path = dir + "/chat_template.json";
    const std::string config_path = dir + "/tokenizer_config.json";
    Json config;
    if (file_exists(config_path)) config = read_json(config_path);
    if (!config.is_null() && !config.is_object()) throw Error(config_path + ": expected a JSON object");

    ChatTemplate t;
    if (file_exists(jinja_path)) {
        t = from_file(jinja_path);
    } else if (file_exists(json_path)) {
        Json j = read_json(json_path);
        if (!j.is_object() || !j.contains("chat_template")) throw Error(json_path + ": no \"chat_template\" member");
        t = from_string(template_from_config(j, json_path), json_path);
    } else if (config.is_object() && config.contains("chat_template")) {
        t = from_string(template_from_config(config, config_path), config_path + " (chat_template)");
    } else {
        throw Error("no chat template in " + dir +
                    ": looked for chat_template.jinja, chat_template.json and \"chat_template\" in "
                    "tokenizer_config.json");
    }
    if (config.is_object()) {
        t.has_bos_ = token_text(config, "bos_token", t.bos_token_);
        t.has_eos_ = token_text(config, "eos_token", t.eos_token_);
    }
    return t;
}

const std::string& ChatTemplate::source() const { return template_->source(); }
const std::string& ChatTemplate::origin() const { return template_->origin(); }

std::string ChatTemplate::render(const Json& messages, const Json& tools, bool add_generation_prompt,
                                 bool enable_thinking, const Json& extra) const {
    if (!messages.is_array()) throw Error("chat template " + origin() + ": messages must be a JSON array");
    for (size_t i = 0; i < messages.size(); ++i)
        if (!messages[i].is_object())
            throw Error("chat template " + origin() + ": message " + std::to_string(i) + " is not a JSON object");
    if (!tools.is_null() && !tools.is_array())
        throw Error("chat template " + origin() + ": tools must be a JSON array or null");
    if (!extra.is_null() && !extra.is_object())
        throw Error("chat template " + origin() + ": extra variables must be a JSON object");

    // The variables transformers' apply_chat_template passes (tools is None when
    // absent), then the caller's extras, which may override them.
    jinja::Dict context;
    auto set = [&context](const std::string& key, jinja::Value value) {
        for (auto& [k, v] : context)
            if (k == key) return void(v = std::move(value));
        context.emplace_back(key, std::move(value));
    };
    set("messages", jinja::from_json(messages));
    set("tools", jinja::from_json(tools));
    set("add_generation_prompt", jinja::Value::boolean(add_generation_prompt));
    set("enable_thinking", jinja::Value::boolean(enable_thinking));
    if (has_bos_) set("bos_token", jinja::Value::string(bos_token_));
    if (has_eos_) set("eos_token", jinja::Value::string(eos_token_));
    if (extra.is_object())
        for (const auto& [key, value] : extra.items()) set(key, jinja::from_json(value));
    return template_->render(context);
}

}  // namespace peng
