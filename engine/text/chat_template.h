#pragma once
// A model's chat template: turns a conversation (OpenAI-style messages, optional
// tools) into the exact prompt text the model was trained on, by rendering the
// model's own Jinja template as Hugging Face transformers does.
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace peng {

namespace jinja {
class Template;
}

class ChatTemplate {
public:
    // The model directory's chat_template.jinja, else chat_template.json, else
    // "chat_template" in tokenizer_config.json. bos_token and eos_token from
    // tokenizer_config.json, when present, are passed to the template.
    static ChatTemplate from_model_dir(const std::string& dir);
    static ChatTemplate from_file(const std::string& path);
    // `origin` names the template in error messages.
    static ChatTemplate from_string(std::string source, std::string origin);
    // A template shipped with Peng: "mimo-v2.6" or "mimo-v2.5" (builtin_templates.h).
    static ChatTemplate builtin(std::string_view name);

    // `messages`: array of {role, content, ...}; `tools`: array or null; `extra`:
    // null or an object of further template variables (e.g. keep_all_reasoning),
    // which override the standard ones. Throws peng::Error on bad input or when
    // the template fails.
    std::string render(const nlohmann::ordered_json& messages, const nlohmann::ordered_json& tools,
                       bool add_generation_prompt, bool enable_thinking,
                       const nlohmann::ordered_json& extra = {}) const;

    const std::string& source() const;
    const std::string& origin() const;
    // bos_token / eos_token passed to the template (empty when unknown).
    const std::string& bos_token() const { return bos_token_; }
    const std::string& eos_token() const { return eos_token_; }

private:
    std::shared_ptr<const jinja::Template> template_;
    std::string bos_token_;
    std::string eos_token_;
    bool has_bos_ = false;
    bool has_eos_ = false;
};

}  // namespace peng
