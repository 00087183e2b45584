// The engine API: one model, its tokenizer and template, the KV reuse, and one
// generation at a time. Opening is engine_open.cpp; this file runs the turns.
#include "api/engine.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>

#include "api/engine_state.h"
#include "kernels/thread_scope.h"
#include "model/generate.h"
#include "plan/repin.h"
#include "util/error.h"
#include "util/seconds_since.h"

namespace peng {

namespace {

// Hands the model's routing to the caller's observer for the length of one call.
class RoutingRelay : public ForwardObserver {
public:
    RoutingRelay(Model& model, EngineObserver* observer) : model_(model), observer_(observer) {
        if (observer_) model_.set_observer(this);
    }
    ~RoutingRelay() override { model_.set_observer(nullptr); }
    void on_routing(int layer, int position, const std::vector<RoutedExpert>& routes,
                    const std::vector<ExpertTier>& served_from) override {
        observer_->on_routing(layer, position, routes, served_from);
    }

private:
    Model& model_;
    EngineObserver* observer_;
};

// Each sampled token to the observer: its text (held back mid-character, never the stop
// token's), and from the second token on where the time since the previous one went.
class TokenRelay {
public:
    TokenRelay(const Model& model, const Tokenizer* tokenizer, const std::set<int>& stop_ids, EngineObserver* observer,
               Clock::time_point call_start)
        : stop_ids_(stop_ids), observer_(observer), call_start_(call_start), meter_(model) {
        if (tokenizer) decoder_.emplace(*tokenizer);
    }
    bool token(int id) {
        const auto now = Clock::now();
        if (produced_ == 0) ttft_s_ = std::chrono::duration<double>(now - call_start_).count();
        if (produced_ > 0 && observer_) {
            TokenProfile profile;
            profile.index = produced_;
            profile.phases = meter_.since_mark(std::chrono::duration<double>(now - last_).count());
            observer_->on_token_profile(profile);
        }
        meter_.mark();
        last_ = now;
        ++produced_;
        std::string delta;
        if (decoder_ && !stop_ids_.count(id)) delta = decoder_->push(id);
        text_ += delta;
        if (observer_) observer_->on_token(id, delta);
        return true;
    }
    // A token's log-probabilities, before token() sees it (none for a stop id).
    void logprobs(const TokenLogprobs& logprobs) {
        if (observer_ && !stop_ids_.count(logprobs.chosen.id)) observer_->on_logprobs(logprobs);
    }
    // The whole text, with whatever the decoder still held.
    std::string finish() {
        if (!decoder_) return text_;
        const std::string rest = decoder_->flush();
        text_ += rest;
        if (observer_ && !rest.empty()) observer_->on_token(-1, rest);
        return text_;
    }
    double ttft_s() const { return ttft_s_; }

private:
    const std::set<int>& stop_ids_;
    EngineObserver* observer_;
    Clock::time_point call_start_, last_;
    PhaseMeter meter_;
    std::optional<StreamDecoder> decoder_;
    std::string text_;
    int produced_ = 0;
    double ttft_s_ = 0;
};

}  // namespace

double Reply::hit_rate() const {
    const double lookups = double(phases.expert_hits + phases.expert_misses);
    return lookups > 0 ? double(phases.expert_hits) / lookups : 1.0;
}

ContextExceeded::ContextExceeded(int prompt_tokens, int context_tokens, int trained_tokens)
    : Error("the prompt has " + std::to_string(prompt_tokens) + " tokens but the context holds " +
            std::to_string(context_tokens) + " (the KV cache was planned for " + std::to_string(context_tokens) +
            " tokens" +
            (trained_tokens > 0 ? "; the model allows " + std::to_string(trained_tokens) : std::string()) +
            "), so no answer fits: shorten the conversation or open the model with a longer context"),
      prompt_tokens(prompt_tokens),
      context_tokens(context_tokens) {}

Engine::Engine(std::unique_ptr<State> state) : state_(std::move(state)) {}
Engine::~Engine() = default;

const ModelInfo& Engine::info() const { return state_->info; }
const Model& Engine::model() const { return *state_->model; }
ExpertTier Engine::tier_of(int layer, int expert) const { return state_->model->experts().tier_of(layer, expert); }
bool Engine::has_tokenizer() const { return state_->tokenizer.has_value(); }

std::string Engine::kv_store_dir() const {
    return state_->reuse->store() ? state_->reuse->store()->dir() : std::string();
}

void Engine::clear_kv(bool disk) { state_->reuse->clear(disk); }
void Engine::forget_conversation(const std::string& conversation) { state_->reuse->forget(conversation); }

std::vector<int> Engine::tokenize(const std::string& text) const {
    if (!state_->tokenizer) throw Error(state_->info.dir + ": this model has no tokenizer.json, so text cannot be encoded");
    return state_->tokenizer->encode(text);
}

std::string Engine::token_bytes(int id) const {
    if (!state_->tokenizer) throw Error(state_->info.dir + ": this model has no tokenizer.json, so ids have no text");
    return state_->tokenizer->token_bytes(id);
}

ChatPrompt Engine::prompt(const ChatRequest& request, bool add_generation_prompt) const {
    if (!state_->chat_template)
        throw Error(state_->info.dir + ": this model has no chat template (" + state_->template_problem + ")");
    if (!state_->tokenizer)
        throw Error(state_->info.dir + ": this model has no tokenizer.json, so text cannot be encoded");
    return render_chat_prompt(*state_->chat_template, *state_->tokenizer, request.messages, request.tools,
                              add_generation_prompt, request.thinking);
}

Reply Engine::chat(const ChatRequest& request, const RunSettings& settings, EngineObserver* observer,
                   const std::atomic<bool>* stop) {
    return complete(prompt(request).tokens, request.conversation, settings, observer, stop);
}

void Engine::save_history() {
    if (!state_->history || state_->info.history_path.empty()) return;
    state_->history->save(state_->info.history_path);
}

Reply Engine::complete(const std::vector<int>& prompt, const std::string& conversation, const RunSettings& settings,
                       EngineObserver* observer, const std::atomic<bool>* stop) {
    State& s = *state_;
    Model& model = *s.model;
    if (prompt.empty()) throw Error("the prompt has no tokens");
    if (settings.max_new_tokens <= 0) throw Error("the answer length must be at least one token");
    // Refused before any work: prefill time grows with the square of the prompt, and
    // the KV cache past the planned context would outgrow the memory plan.
    const int context = s.info.context_tokens;
    if (prompt.size() >= size_t(context))
        throw ContextExceeded(int(std::min<size_t>(prompt.size(), INT32_MAX)), context,
                              s.info.config.max_position_embeddings);
    // The answer's last token is sampled, not fed back: this keeps every position the
    // session holds inside the context.
    const int room = context - int(prompt.size());
    const KernelThreadScope threads(settings.threads);  // this call's count, put back when it ends
    RunConfig run;  // passed to every forward() of this call; nothing of it outlives the call
    run.trim = settings.trim;
    run.prefetch = settings.prefetch;
    check_trim(run.trim, model.config());

    const auto start = Clock::now();
    PhaseMeter call_meter(model);
    const RoutingRelay routing(model, observer);
    Reply reply;
    reply.prompt_tokens = static_cast<int>(prompt.size());
    reply.exact = model.exact_output(run.trim);
    reply.prefetch = s.scheduler->prefetch_on(run.prefetch);
    auto note = [&](const std::string& text) {
        if (observer) observer->on_note(text);
    };
    auto cancelled = [&] { return stop && stop->load(); };

    std::vector<std::string> notes;
    const KvMemory::Start begun = s.reuse->begin(conversation, prompt, notes, settings.reuse_limit);
    for (const std::string& line : notes) note("KV file ignored: " + line);
    Session& session = *begun.session;
    reply.prefix_reused_tokens = begun.reused;
    reply.reuse_source = begun.source;
    std::vector<int> held(prompt.begin(), prompt.begin() + begun.reused);
    try {
        // Where this turn's computation starts is a restore point (an edit of the
        // coming message returns here), and so is the prompt's last token (regenerate).
        if (begun.source == ReuseSource::Live) s.reuse->mark(held);
        GenerateOptions options;
        options.max_new_tokens = std::min(settings.max_new_tokens, room);
        options.prefill_block = s.options.prefill_block;
        options.sampling = settings.sampling;
        options.run = run;
        options.allowed_ids = s.info.vocab_size;
        options.stop_ids = s.stop_ids;
        options.stop_requested = stop;
        options.ram_budget_bytes = s.info.plan.budget_bytes;
        const size_t ran = prefill(model, session, prompt.data() + held.size(), prompt.size() - 1 - held.size(), options,
                                   nullptr, reply.trimmed_bytes);
        held.insert(held.end(), prompt.begin() + long(held.size()), prompt.begin() + long(held.size() + ran));
        if (cancelled()) {
            reply.stop_reason = "cancelled";
        } else {
            if (held.size() > size_t(begun.reused)) s.reuse->mark(held);
            reply.prefill_disk_bytes = call_meter.since_mark(0).disk_bytes;
            TokenRelay relay(model, s.tokenizer ? &*s.tokenizer : nullptr, s.stop_ids, observer, start);
            if (settings.top_logprobs >= 0) {
                options.top_logprobs = settings.top_logprobs;
                options.on_logprobs = [&](const TokenLogprobs& logprobs) { relay.logprobs(logprobs); };
            }
            const auto last_token = std::vector<int>{prompt.back()};
            GenerateResult result =
                generate(*s.scheduler, session, last_token, options, [&](int id) { return relay.token(id); });
            reply.text = relay.finish();
            reply.ttft_s = relay.ttft_s();
            reply.tokens = result.tokens;
            reply.stop_reason = result.stop_reason;
            if (reply.stop_reason == "length" && room < settings.max_new_tokens) reply.stop_reason = "context";
            reply.decode_s = result.decode_s;
            reply.tokens_per_s = result.decode_s > 0 && result.tokens.size() > 1
                                     ? double(result.tokens.size() - 1) / result.decode_s
                                     : 0.0;
            reply.prefill_disk_bytes += result.prefill_disk_bytes;
            reply.decode_disk_bytes = result.decode_disk_bytes;
            reply.decode_needed_disk_bytes = result.decode_needed_disk_bytes;
            reply.decode_disk_busy_s = result.decode_disk_busy_s;
            reply.trimmed_bytes += result.trimmed_bytes;
            // The session ran the prompt's last token (unless cancelled first) and fed
            // every generated token but the last back in.
            std::vector<int> fed = last_token;
            fed.insert(fed.end(), result.tokens.begin(), result.tokens.end());
            fed.resize(std::min(fed.size(), size_t(session.length) - held.size()));
            held.insert(held.end(), fed.begin(), fed.end());
        }
        if (held.size() != size_t(session.length))
            throw Error("internal error: the KV cache holds " + std::to_string(session.length) + " positions for " +
                        std::to_string(held.size()) + " tokens");
    } catch (...) {
        s.reuse->abandon();  // its state is unknown: recompute next time, never reuse it
        throw;
    }
    if (const std::string problem = s.reuse->finish(held); !problem.empty()) note("KV cache not saved: " + problem);
    reply.phases = call_meter.since_mark(seconds_since(start));
    if (reply.trimmed_bytes > 0 && observer) observer->on_tiers_changed({}, {}, reply.trimmed_bytes);
    end_turn(settings, observer);
    return reply;
}

// Turn boundary: save what the router chose and let the pinned set follow it, with
// hysteresis so pins do not thrash.
void Engine::end_turn(const RunSettings& settings, EngineObserver* observer) {
    State& s = *state_;
    if (!s.history) return;
    try {
        save_history();
    } catch (const std::exception& e) {
        if (observer) observer->on_note(std::string("routing history not saved: ") + e.what());
    }
    const auto before = s.model->experts().pins();
    if (!settings.repin || before.empty()) return;
    const auto after = repin(before, *s.history, RepinPolicy{});
    if (after == before) return;
    s.model->experts().set_pins(after);
    if (!observer) return;
    std::vector<std::pair<int, int>> pinned, unpinned;
    for (const auto& p : after)
        if (std::find(before.begin(), before.end(), p) == before.end()) pinned.push_back(p);
    for (const auto& p : before)
        if (std::find(after.begin(), after.end(), p) == after.end()) unpinned.push_back(p);
    observer->on_tiers_changed(pinned, unpinned, 0);
}

}  // namespace peng
