#include "server/generation_run.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <random>

#include "server/routed_experts.h"
#include "server/stop_strings.h"

namespace peng::server {

namespace {

class RunObserver : public EngineObserver {
public:
    RunObserver(const RunRequest& request, const ServedModel& model, const DeltaSink& sink, std::atomic<bool>& stop)
        : stops_(request.params.stop), sink_(sink), stop_(stop) {
        if (request.parse_reply) parser_.emplace(request.thinking, request.tools, request.id);
        if (request.params.return_routed_experts)
            recorder_.emplace(model.moe_layer_of, model.experts_per_token, request.params.routed_experts_start_len);
    }

    void on_token(int, const std::string& text) override {
        if (finished_) return;
        pass_on(stops_.feed(text));
        if (stops_.matched()) stop_ = true;   // the engine stops before the next token
    }

    void on_logprobs(const TokenLogprobs& logprobs) override {
        if (finished_) return;
        pending_logprobs_.push_back(logprobs);
        all_logprobs_.push_back(logprobs);
    }

    void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                    const std::vector<ExpertTier>&) override {
        if (!recorder_) return;
        experts_.clear();
        for (const RoutedExpert& r : routes) experts_.push_back(r.expert);
        recorder_->record(layer, position, experts_);
        end_position_ = std::max(end_position_, position + 1);
    }

    void finish(RunOutcome& outcome) {
        if (!finished_) pass_on(stops_.finish());
        finished_ = true;
        if (parser_) deliver(parser_->finish());
        if (!pending_logprobs_.empty() && !gone_) sink_(ReplyDelta{}, pending_logprobs_);
        outcome.logprobs = std::move(all_logprobs_);
        if (recorder_) {
            outcome.routed_experts = recorder_->base64(end_position_);
            outcome.routed_rows = recorder_->rows(end_position_);
        }
        if (parser_) {
            outcome.reasoning = parser_->reasoning();
            outcome.content = parser_->content();
            outcome.tool_calls = parser_->tool_calls();
        } else {
            outcome.content = plain_;
        }
        outcome.client_gone = gone_;
    }
    bool stopped_by_string() const { return stops_.matched(); }

private:
    void pass_on(const std::string& text) {
        if (text.empty()) return;
        if (parser_) {
            deliver(parser_->feed(text));
        } else {
            plain_ += text;
            ReplyDelta delta;
            delta.content = text;
            deliver(delta);
        }
    }
    void deliver(const ReplyDelta& delta) {
        if (delta.empty() || gone_) return;
        const bool kept = sink_(delta, pending_logprobs_);
        pending_logprobs_.clear();
        if (!kept) {
            gone_ = true;
            stop_ = true;   // the client went away: stop at the next token
        }
    }

    StopStrings stops_;
    std::optional<ReplyParser> parser_;
    std::optional<RoutedExpertsRecorder> recorder_;
    std::vector<int> experts_;
    int end_position_ = 0;
    std::string plain_;
    std::vector<TokenLogprobs> pending_logprobs_, all_logprobs_;
    const DeltaSink& sink_;
    std::atomic<bool>& stop_;
    bool gone_ = false, finished_ = false;
};

}  // namespace

int answer_budget(const GenerationParams& params, int prompt_tokens, int context_tokens) {
    const int room = std::max(1, context_tokens - prompt_tokens);
    return params.max_tokens ? std::min(*params.max_tokens, room) : room;
}

RunOutcome run_generation(Engine& engine, const ServedModel& model, const RunRequest& request,
                          const RunSettings& base, const DeltaSink& sink) {
    const GenerationParams& p = request.params;
    RunSettings settings = base;
    settings.max_new_tokens = answer_budget(p, int(request.prompt.size()), model.context_tokens);
    settings.sampling.temperature = p.temperature.value_or(model.temperature.value_or(1.0));
    settings.sampling.top_p = p.top_p.value_or(model.top_p.value_or(1.0));
    settings.sampling.top_k = p.top_k.value_or(model.top_k.value_or(0));
    // No seed asked for: a fresh one, so sampled answers differ as OpenAI's do.
    settings.sampling.seed = p.seed ? *p.seed : std::random_device{}() * 0x9E3779B97F4A7C15ull + std::random_device{}();
    // Routing is recorded as positions run: positions the KV cache would skip are
    // computed again, from the first one the client asked for.
    if (p.return_routed_experts) settings.reuse_limit = p.routed_experts_start_len;
    settings.top_logprobs = p.logprobs;

    std::atomic<bool> stop{false};
    RunObserver observer(request, model, sink, stop);
    RunOutcome outcome;
    // The server's requests share the engine's prefix cache under keys derived from
    // their prompts: a client resending a growing conversation reuses its KV.
    outcome.reply = engine.complete(request.prompt, "", settings, &observer, &stop);
    observer.finish(outcome);
    const std::string& why = outcome.reply.stop_reason;
    if (observer.stopped_by_string() || why == "stop_token")
        outcome.finish_reason = outcome.tool_calls.empty() ? "stop" : "tool_calls";
    else if (why == "length" || why == "context")
        outcome.finish_reason = "length";
    else
        outcome.finish_reason = "stop";   // cancelled: the client is gone and reads nothing
    return outcome;
}

}  // namespace peng::server
