#pragma once
// Turns a conversation into the prompt text the model expects, through the
// checkpoint's own chat template (chat_template.jinja).
#include <QList>
#include <memory>
#include <string>

#include "engine_types.h"

class PromptRenderer {
public:
    // Throws peng::Error when the model folder has no usable template.
    explicit PromptRenderer(const std::string& model_dir);
    ~PromptRenderer();
    PromptRenderer(PromptRenderer&&) noexcept;
    PromptRenderer& operator=(PromptRenderer&&) noexcept;

    // The prompt for the next assistant turn.
    std::string render(const QList<ChatTurn>& turns, bool enable_thinking) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};
