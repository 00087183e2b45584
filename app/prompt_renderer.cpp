#include "prompt_renderer.h"


#include <nlohmann/json.hpp>

#include "util/error.h"

#include "text/chat_template.h"

namespace {

nlohmann::ordered_json to_messages(const QList<ChatTurn>& turns) {
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (const ChatTurn& t : turns) {
        nlohmann::ordered_json m = {{"role", t.role.toStdString()}, {"content", t.content.toStdString()}};
        if (t.role == QLatin1String("assistant") && !t.thinking.isEmpty())
            m["reasoning_content"] = t.thinking.toStdString();
        messages.push_back(std::move(m));
    }
    return messages;
}

}  // namespace

// The engine's ChatTemplate also finds templates stored inside tokenizer_config.json.
struct PromptRenderer::Impl {
    peng::ChatTemplate tmpl;
};

PromptRenderer::PromptRenderer(const std::string& model_dir)
    : impl_(new Impl{peng::ChatTemplate::from_model_dir(model_dir)}) {}

std::string PromptRenderer::render(const QList<ChatTurn>& turns, bool enable_thinking) const {
    return impl_->tmpl.render(to_messages(turns), nullptr, true, enable_thinking);
}

PromptRenderer::~PromptRenderer() = default;
PromptRenderer::PromptRenderer(PromptRenderer&&) noexcept = default;
PromptRenderer& PromptRenderer::operator=(PromptRenderer&&) noexcept = default;
