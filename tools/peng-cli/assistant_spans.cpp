#include "assistant_spans.h"

#include <algorithm>

#include "util/error.h"

namespace peng::cli {
namespace {

std::vector<int> render(const Engine& engine, const nlohmann::ordered_json& messages, size_t count, bool thinking,
                        bool generation_prompt) {
    ChatRequest request;
    request.thinking = thinking;
    request.messages = nlohmann::ordered_json::array();
    for (size_t i = 0; i < count; ++i) request.messages.push_back(messages[i]);
    return engine.prompt(request, generation_prompt).tokens;
}

bool starts_with(const std::vector<int>& whole, const std::vector<int>& prefix) {
    return prefix.size() <= whole.size() && std::equal(prefix.begin(), prefix.end(), whole.begin());
}

}  // namespace

ScoredConversation assistant_spans(const Engine& engine, const nlohmann::ordered_json& messages, bool thinking,
                                   const std::string& origin) {
    ScoredConversation out;
    out.tokens = render(engine, messages, messages.size(), thinking, false);
    for (size_t i = 0; i < messages.size(); ++i) {
        if (messages[i].value("role", "") != "assistant") continue;
        const std::vector<int> before = render(engine, messages, i, thinking, true);
        const std::vector<int> through = render(engine, messages, i + 1, thinking, false);
        if (!starts_with(through, before) || !starts_with(out.tokens, through))
            throw Error(origin + ": message " + std::to_string(i) +
                        ": the chat template renders this assistant turn differently in history than after a "
                        "generation prompt, so its tokens cannot be scored");
        if (through.size() > before.size()) out.assistant.emplace_back(before.size(), through.size());
    }
    if (out.assistant.empty()) throw Error(origin + ": no assistant message to score");
    return out;
}

}  // namespace peng::cli
