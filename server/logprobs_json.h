#pragma once
// Log-probabilities in OpenAI's two response shapes. A token's text is its bytes as
// UTF-8, a token holding part of a character showing U+FFFD there (its exact bytes
// are in `bytes`, chat only), as every other text the server sends is repaired.
// The values are the engine's (sampling/logprobs.h): the model's distribution over
// the ids the tokenizer defines, before temperature, top-k and top-p.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/engine.h"

namespace peng::server {

// Chat: {"content": [{token, logprob, bytes, top_logprobs: [{token, logprob, bytes}]}],
// "refusal": null}, one entry per token, the top list exactly as long as asked.
nlohmann::ordered_json chat_logprobs(const Engine& engine, const std::vector<TokenLogprobs>& tokens);

// Completions (the legacy form): {tokens, token_logprobs, top_logprobs, text_offset}
// for a whole answer or for each streamed piece in turn. Each top_logprobs entry maps
// token text to log-probability: the N most likely and the chosen token (so N or N + 1
// entries, as OpenAI's legacy API gives). text_offset counts characters (code points)
// from the start of the choice's text, across the pieces of one answer.
class CompletionLogprobs {
public:
    explicit CompletionLogprobs(const Engine& engine) : engine_(engine) {}
    // `echo`: the prompt's tokens, the first with null log-probability (nothing comes
    // before it); `scored` is Engine::prompt_logprobs(prompt, N).
    nlohmann::ordered_json prompt(const std::vector<int>& prompt, const std::vector<TokenLogprobs>& scored);
    nlohmann::ordered_json answer(const std::vector<TokenLogprobs>& tokens);
    // `first` followed by `second` (the echoed prompt's and the answer's).
    static nlohmann::ordered_json joined(nlohmann::ordered_json first, const nlohmann::ordered_json& second);

private:
    void add(nlohmann::ordered_json& out, int id, const TokenLogprobs* scored);
    static nlohmann::ordered_json empty();
    const Engine& engine_;
    std::string pending_;    // the bytes of a character that the tokens so far began
    int64_t offset_ = 0;     // characters of text before the next token
};

// The text of `tokens` as one string (a character left incomplete shows U+FFFD): what
// completions with `echo` return for the prompt.
std::string tokens_text(const Engine& engine, const std::vector<int>& tokens);

}  // namespace peng::server
