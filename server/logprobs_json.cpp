#include "server/logprobs_json.h"

#include "text/utf8.h"

namespace peng::server {

namespace {

using Json = nlohmann::ordered_json;

std::string token_text(const std::string& bytes) {
    std::string text;
    utf8::append_lossy(text, bytes);
    return text;
}

Json byte_list(const std::string& bytes) {
    Json list = Json::array();
    for (char c : bytes) list.push_back(int(static_cast<unsigned char>(c)));
    return list;
}

Json chat_entry(const Engine& engine, const TokenLogprob& token) {
    const std::string bytes = engine.token_bytes(token.id);
    return {{"token", token_text(bytes)}, {"logprob", token.logprob}, {"bytes", byte_list(bytes)}};
}

int64_t code_points(const std::string& text) {
    int64_t count = 0;
    for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return count;
}

}  // namespace

Json chat_logprobs(const Engine& engine, const std::vector<TokenLogprobs>& tokens) {
    Json content = Json::array();
    for (const TokenLogprobs& token : tokens) {
        Json entry = chat_entry(engine, token.chosen);
        Json top = Json::array();
        for (const TokenLogprob& alternative : token.top) top.push_back(chat_entry(engine, alternative));
        entry["top_logprobs"] = std::move(top);
        content.push_back(std::move(entry));
    }
    return {{"content", std::move(content)}, {"refusal", nullptr}};
}

Json CompletionLogprobs::empty() {
    return {{"tokens", Json::array()},
            {"token_logprobs", Json::array()},
            {"top_logprobs", Json::array()},
            {"text_offset", Json::array()}};
}

void CompletionLogprobs::add(Json& out, int id, const TokenLogprobs* scored) {
    const std::string bytes = engine_.token_bytes(id);
    out["tokens"].push_back(token_text(bytes));
    out["text_offset"].push_back(offset_);
    if (scored) {
        out["token_logprobs"].push_back(scored->chosen.logprob);
        Json top = Json::object();
        for (const TokenLogprob& alternative : scored->top)
            top.emplace(token_text(engine_.token_bytes(alternative.id)), alternative.logprob);
        top.emplace(token_text(bytes), scored->chosen.logprob);   // kept when already there
        out["top_logprobs"].push_back(std::move(top));
    } else {
        out["token_logprobs"].push_back(nullptr);
        out["top_logprobs"].push_back(nullptr);
    }
    // The offset moves by the characters this token completes, as the text shows them.
    pending_ += bytes;
    const size_t complete = utf8::complete_prefix_length(pending_);
    offset_ += code_points(token_text(pending_.substr(0, complete)));
    pending_.erase(0, complete);
}

Json CompletionLogprobs::prompt(const std::vector<int>& prompt, const std::vector<TokenLogprobs>& scored) {
    Json out = empty();
    for (size_t i = 0; i < prompt.size(); ++i) add(out, prompt[i], i > 0 && i - 1 < scored.size() ? &scored[i - 1] : nullptr);
    return out;
}

Json CompletionLogprobs::answer(const std::vector<TokenLogprobs>& tokens) {
    Json out = empty();
    for (const TokenLogprobs& token : tokens) add(out, token.chosen.id, &token);
    return out;
}

Json CompletionLogprobs::joined(Json first, const Json& second) {
    for (auto list = first.begin(); list != first.end(); ++list)
        for (const Json& entry : second.at(list.key())) list->push_back(entry);
    return first;
}

std::string tokens_text(const Engine& engine, const std::vector<int>& tokens) {
    std::string bytes;
    for (int id : tokens) bytes += engine.token_bytes(id);
    return token_text(bytes);
}

}  // namespace peng::server
