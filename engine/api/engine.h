#pragma once
// The engine API: the one way every front end (the desktop app, peng-cli, the local
// server) opens a model and talks to it. It owns the wiring the front ends used to do
// themselves: the budget -> plan -> slots rule, the routing history and pins, the
// runtime memory guard, the chat template and tokenizer, KV reuse (the live session,
// an in-RAM prefix cache and KV files on disk), re-pinning at turn boundaries and the
// per-token profile. One generation at a time: callers serialise their calls.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/engine_observer.h"
#include "api/model_info.h"
#include "api/settings.h"
#include "kv/reuse_source.h"
#include "text/chat_prompt.h"
#include "util/error.h"

namespace peng {

class Model;

// One turn of a conversation: OpenAI-style messages rendered through the model's chat
// template. `conversation` names the KV file kept for it ("" = derived from the prompt).
struct ChatRequest {
    std::string conversation;
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    nlohmann::ordered_json tools;          // null or an array of tool definitions
    bool thinking = true;
};

// A prompt that leaves no room for an answer in the context the model was opened with
// (ModelInfo::context_tokens). Front ends may offer to drop the oldest messages.
struct ContextExceeded : Error {
    ContextExceeded(int prompt_tokens, int context_tokens, int trained_tokens);
    int prompt_tokens, context_tokens;
};

struct Reply {
    std::vector<int> tokens;               // generated ids (a final stop id included)
    std::string text;                      // their text, without the stop token's
    // "stop_token", "length", "cancelled" or "context" (the context is full: the answer
    // was cut where the KV cache the model was opened with ends)
    std::string stop_reason;
    int prompt_tokens = 0;
    int prefix_reused_tokens = 0;          // prompt tokens whose KV was reused
    ReuseSource reuse_source = ReuseSource::None;
    double ttft_s = 0;                     // the call's start to the first sampled token
    double decode_s = 0;                   // after the first token
    double tokens_per_s = 0;               // decode
    PhaseTimes phases;                     // the whole call
    uint64_t prefill_disk_bytes = 0, decode_disk_bytes = 0;
    // Decode's expert bytes the routing needed from disk (misses and used speculative
    // reads, not wrong guesses) and its wall time with a read running.
    uint64_t decode_needed_disk_bytes = 0;
    double decode_disk_busy_s = 0;
    uint64_t trimmed_bytes = 0;            // given back by the memory guard
    bool exact = true;                     // no lossy knob and no GPU path touched the logits
    bool prefetch = false;                 // the router lookahead and next-token guessing ran (at the call's start)
    double hit_rate() const;
};

class Engine {
public:
    // Plans placement, loads the dense part and the pinned experts (reporting progress),
    // opens the routing history and the KV store. Throws peng::Error naming what is wrong.
    static std::unique_ptr<Engine> open(const LoadOptions& options, EngineObserver* observer = nullptr);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    const ModelInfo& info() const;

    // The prompt of a chat turn as text, and as tokens in which control tokens come
    // only from the template: "<|im_end|>" typed into a message stays plain text
    // (text/chat_prompt.h), so no message can forge a turn.
    // `add_generation_prompt` false renders the messages alone (what evaluation scores).
    ChatPrompt prompt(const ChatRequest& request, bool add_generation_prompt = true) const;
    // Raw text with every special token recognised, for prompts written by hand.
    std::vector<int> tokenize(const std::string& text) const;
    // The bytes token `id` stands for, possibly part of a UTF-8 character. Throws for an
    // id the tokenizer does not define.
    std::string token_bytes(int id) const;
    bool has_tokenizer() const;

    // Renders, tokenizes, reuses the longest cached prefix, generates, saves the KV and
    // re-pins. `stop` (may be null) cancels between layers and tokens. A prompt of
    // info().context_tokens or more throws ContextExceeded before any work; the answer
    // stops where the context ends.
    Reply chat(const ChatRequest& request, const RunSettings& settings, EngineObserver* observer = nullptr,
               const std::atomic<bool>* stop = nullptr);
    // The same for prompt tokens given as they are; `conversation` as in ChatRequest.
    Reply complete(const std::vector<int>& prompt, const std::string& conversation, const RunSettings& settings,
                   EngineObserver* observer = nullptr, const std::atomic<bool>* stop = nullptr);

    // Teacher forcing, for evaluation (engine_scoring.cpp): entry i is the natural log
    // of the probability of tokens[i] given tokens[0..i), normalised over the ids the
    // tokenizer defines; entry 0 is 0. Runs in a session of its own, so the chat's
    // cached prefixes are untouched. Throws ContextExceeded past the context.
    std::vector<double> token_log_probs(const std::vector<int>& tokens);
    // The same with the `top_n` most likely ids at each position (sampling/logprobs.h):
    // entry i is tokens[i + 1]'s, given tokens[0..i], so there are tokens.size() - 1.
    std::vector<TokenLogprobs> prompt_logprobs(const std::vector<int>& tokens, int top_n);
    // Closed-set scoring: per continuation, the log-probability of each of its tokens
    // given the prompt and the continuation's tokens before it. The prompt runs once and
    // each continuation from its KV, with the values scoring prompt + continuation gives.
    std::vector<std::vector<double>> continuation_log_probs(const std::vector<int>& prompt,
                                                            const std::vector<std::vector<int>>& continuations);

    // Forgets every cached prefix, in RAM and (with `disk`) this model's KV files.
    void clear_kv(bool disk);
    // Forgets one conversation's prefix: the live session, RAM and this model's file.
    void forget_conversation(const std::string& conversation);
    // The KV store's folder, empty when it is off.
    std::string kv_store_dir() const;

    // Where an expert lives now (the brain view colours by it).
    ExpertTier tier_of(int layer, int expert) const;

    // Saves what the router learnt (a turn boundary does this too).
    void save_history();

    // The model itself, for tools that report engine internals (peng-cli's run --json,
    // benchmarks). Front ends that only chat never need it.
    const Model& model() const;

private:
    struct State;
    explicit Engine(std::unique_ptr<State> state);
    void end_turn(const RunSettings& settings, EngineObserver* observer);
    std::unique_ptr<State> state_;
};

}  // namespace peng
