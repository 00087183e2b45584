#include "server/generation_endpoint.h"

#include <chrono>
#include <memory>
#include <optional>
#include <random>

#include <httplib.h>

#include "server/chat_request.h"
#include "server/completion_request.h"
#include "server/engine_host.h"
#include "server/http_server.h"
#include "server/logprobs_json.h"
#include "server/openai_responses.h"
#include "server/request_error.h"
#include "server/request_record.h"

namespace peng::server {

namespace {

constexpr int kRetryAfterSeconds = 2;

std::string new_id(const char* prefix) {
    static thread_local std::mt19937_64 random(std::random_device{}());
    static const char digits[] = "0123456789abcdef";
    std::string id = prefix;
    for (int i = 0; i < 24; ++i) id += digits[random() % 16];
    return id;
}

int64_t unix_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// A request that has its turn on the engine and a prompt: everything the answer needs.
struct Job {
    EngineHost::Ticket ticket;
    Engine* engine = nullptr;
    std::shared_ptr<const ServedModel> model;
    RunRequest run;
    ResponseHead head;
    Endpoint endpoint = Endpoint::Chat;
    bool echo = false;                   // completions: the prompt's text (and tokens) first
};

const char* prompt_field(Endpoint endpoint) { return endpoint == Endpoint::Chat ? "messages" : "prompt"; }

std::vector<int> build_prompt(const Engine& engine, const ServedModel& model, Endpoint endpoint,
                              const ChatParams& chat, const CompletionParams& completion) {
    std::vector<int> prompt;
    try {
        if (endpoint == Endpoint::Chat) {
            ChatRequest request;
            request.messages = chat.messages;
            request.tools = chat.tools;
            request.thinking = chat.thinking;
            prompt = engine.prompt(request).tokens;
        } else if (completion.has_ids) {
            prompt = completion.prompt_ids;
            for (int id : prompt)
                if (id >= model.vocab_size)
                    throw RequestError(400, "token id " + std::to_string(id) + " is outside the vocabulary (" +
                                                std::to_string(model.vocab_size) + " ids)",
                                       "prompt");
        } else {
            prompt = engine.tokenize(completion.prompt_text);
        }
    } catch (const RequestError&) {
        throw;
    } catch (const std::exception& e) {
        // The template or tokenizer refused the input (nesting too deep, say).
        throw RequestError(400, e.what(), prompt_field(endpoint));
    }
    if (prompt.empty()) throw RequestError(400, "the prompt has no tokens", prompt_field(endpoint));
    if (prompt.size() >= size_t(model.context_tokens))
        throw RequestError(400,
                           "the prompt has " + std::to_string(prompt.size()) + " tokens but the context holds " +
                               std::to_string(model.context_tokens) + ", leaving no room for an answer",
                           prompt_field(endpoint), "context_length_exceeded");
    return prompt;
}

// The reply's counts go to /metrics and to the request's log line (request_record.h).
void count(const GenerationContext& context, const Reply& reply) {
    context.metrics.count_reply(reply);
    if (RequestRecord* record = RequestRecord::current()) {
        record->prompt_tokens = reply.prompt_tokens;
        record->completion_tokens = int(reply.tokens.size());
    }
}

// Completions' echo: the prompt's text and, with logprobs, its tokens scored.
struct EchoedPrompt {
    std::string text;
    Json logprobs;
};

EchoedPrompt echo_prompt(const Job& job, CompletionLogprobs* logprobs) {
    EchoedPrompt echoed{tokens_text(*job.engine, job.run.prompt), nullptr};
    if (logprobs)
        echoed.logprobs = logprobs->prompt(job.run.prompt, job.engine->prompt_logprobs(job.run.prompt, job.run.params.logprobs));
    return echoed;
}

// The answer, or with max_tokens 0 (echo scoring) none: nothing is generated.
RunOutcome answer_or_score(const GenerationContext& context, const Job& job, const DeltaSink& sink) {
    if (job.run.params.max_tokens == 0) {
        RunOutcome outcome;
        outcome.reply.prompt_tokens = int(job.run.prompt.size());
        outcome.finish_reason = "length";
        return outcome;
    }
    return run_generation(*job.engine, *job.model, job.run, context.options.run, sink);
}

void stream_answer(const GenerationContext& context, Job& job, httplib::DataSink& sink) {
    const bool chat = job.endpoint == Endpoint::Chat;
    auto send = [&](const std::string& text) { return !context.stopping && sink.write(text.data(), text.size()); };
    // The first chunk goes out before the prompt is computed: a client sees at once
    // that it is being answered, and one that already left is noticed early.
    if (chat && !send(sse_event(chat_chunk(job.head, {{"role", "assistant"}, {"content", ""}}, "")))) return;
    std::optional<CompletionLogprobs> completion_logprobs;
    if (!chat && job.run.params.logprobs >= 0) completion_logprobs.emplace(*job.engine);
    try {
        if (job.echo) {
            const EchoedPrompt echoed = echo_prompt(job, completion_logprobs ? &*completion_logprobs : nullptr);
            Json chunk = completion_chunk(job.head, echoed.text, "");
            chunk["choices"][0]["logprobs"] = echoed.logprobs;
            if (!send(sse_event(chunk))) return;
        }
        const RunOutcome outcome = answer_or_score(context, job, [&](const ReplyDelta& piece, const std::vector<TokenLogprobs>& logprobs) {
            Json chunk = chat ? chat_chunk(job.head, chat_delta(piece), "") : completion_chunk(job.head, piece.content, "");
            if (job.run.params.logprobs >= 0)
                chunk["choices"][0]["logprobs"] =
                    chat ? chat_logprobs(*job.engine, logprobs) : completion_logprobs->answer(logprobs);
            return send(sse_event(chunk));
        });
        count(context, outcome.reply);
        if (outcome.client_gone) return;
        send(sse_event(chat ? chat_chunk(job.head, Json::object(), outcome.finish_reason)
                            : completion_chunk(job.head, "", outcome.finish_reason)));
        if (job.run.params.return_routed_experts)
            send(sse_event(trailer_chunk(job.head, chat, "sglext", {{"routed_experts", outcome.routed_experts}})));
        if (job.run.params.include_usage)
            send(sse_event(trailer_chunk(job.head, chat, "usage",
                                         usage_json(outcome.reply.prompt_tokens, int(outcome.reply.tokens.size()),
                                                    outcome.reply.prefix_reused_tokens))));
    } catch (const std::exception& e) {
        // Headers are sent: the failure travels as an error event, as OpenAI's streams do.
        send(sse_event(error_body(500, std::string("generation failed: ") + e.what())));
    }
    send("data: [DONE]\n\n");
}

}  // namespace

void answer_generation(const GenerationContext& context, Endpoint endpoint, std::string_view text,
                       httplib::Response& response) {
    const Json body = parse_body(text);
    ChatParams chat;
    CompletionParams completion;
    if (endpoint == Endpoint::Chat) chat = read_chat_request(body);
    else completion = read_completion_request(body);
    const GenerationParams& params = endpoint == Endpoint::Chat ? chat.generation : completion.generation;

    auto job = std::make_shared<Job>();
    job->endpoint = endpoint;
    job->ticket = context.host.try_join();
    if (!job->ticket.valid()) {
        response.set_header("Retry-After", std::to_string(kRetryAfterSeconds));
        throw RequestError(429, std::to_string(context.host.max_waiting()) +
                                    " requests are already waiting for the model; try again in a moment");
    }
    if (!context.host.wait(job->ticket, [&] { return context.stopping.load(); }))
        throw RequestError(503, "the server is shutting down");
    job->engine = context.host.engine();
    job->model = context.host.model();
    if (!job->engine || !job->model) throw RequestError(503, "no model is open in Peng right now");
    if (!params.model.empty() && params.model != job->model->id)
        throw RequestError(404, "the model '" + params.model + "' does not exist; this server serves '" +
                                    job->model->id + "'",
                           "model", "model_not_found");

    job->run.params = params;
    job->run.prompt = build_prompt(*job->engine, *job->model, endpoint, chat, completion);
    job->run.parse_reply = endpoint == Endpoint::Chat;
    job->run.thinking = chat.thinking;
    job->run.tools = chat.tools;
    job->head = {new_id(endpoint == Endpoint::Chat ? "chatcmpl-" : "cmpl-"), unix_now(), job->model->id};
    job->run.id = job->head.id.substr(job->head.id.find('-') + 1);
    job->echo = completion.echo;

    if (params.stream) {
        response.set_header("Cache-Control", "no-cache");
        response.set_header("X-Accel-Buffering", "no");
        // The job (and with it the turn) lives as long as the response does.
        response.set_chunked_content_provider("text/event-stream",
                                              [context, job](size_t, httplib::DataSink& sink) {
                                                  stream_answer(context, *job, sink);
                                                  sink.done();
                                                  return true;
                                              });
        return;
    }
    const bool is_chat = endpoint == Endpoint::Chat;
    std::optional<CompletionLogprobs> completion_logprobs;
    if (!is_chat && params.logprobs >= 0) completion_logprobs.emplace(*job->engine);
    EchoedPrompt echoed;
    if (job->echo) echoed = echo_prompt(*job, completion_logprobs ? &*completion_logprobs : nullptr);
    const RunOutcome outcome =
        answer_or_score(context, *job, [&](const ReplyDelta&, const std::vector<TokenLogprobs>&) { return !context.stopping.load(); });
    count(context, outcome.reply);
    Json answer = is_chat ? chat_response(job->head, outcome, job->run.prompt, params.return_token_ids)
                       : completion_response(job->head, outcome, job->run.prompt, params.return_token_ids);
    Json& choice = answer["choices"][0];
    if (job->echo) choice["text"] = echoed.text + outcome.content;
    if (is_chat && params.logprobs >= 0) choice["logprobs"] = chat_logprobs(*job->engine, outcome.logprobs);
    if (completion_logprobs) {
        Json logprobs = completion_logprobs->answer(outcome.logprobs);
        if (job->echo) logprobs = CompletionLogprobs::joined(echoed.logprobs, logprobs);
        choice["logprobs"] = std::move(logprobs);
    }
    response.set_content(json_text(answer), "application/json");
}

}  // namespace peng::server
