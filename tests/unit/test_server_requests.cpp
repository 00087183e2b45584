// The server's pieces that need no model: reading requests (every refusal names its
// field, and no input, however mangled, does more than refuse), stop strings, the
// routed-experts encoding, the response shapes, the engine's line and the key rule.
#include <QtTest>

#include <random>
#include <thread>

#include <openssl/evp.h>

#include "server/chat_request.h"
#include "server/completion_request.h"
#include "server/engine_host.h"
#include "server/http_server.h"
#include "server/openai_responses.h"
#include "server/request_error.h"
#include "server/routed_experts.h"
#include "server/server_metrics.h"
#include "server/stop_strings.h"

using namespace peng::server;

namespace {

Json chat_body(Json messages) { return {{"model", "m"}, {"messages", std::move(messages)}}; }
Json user(const std::string& text) { return {{"role", "user"}, {"content", text}}; }

// The field a refusal names, or "" when the request was accepted.
template <class Read>
std::string refused_field(const Json& body, Read read, int* status = nullptr) {
    try {
        read(body);
    } catch (const RequestError& e) {
        if (status) *status = e.status;
        return e.param.empty() ? "(unnamed)" : e.param;
    }
    return "";
}

std::string chat_refusal(const Json& body) { return refused_field(body, read_chat_request); }
std::string completion_refusal(const Json& body) { return refused_field(body, read_completion_request); }

std::vector<int32_t> decode_ids(const std::string& base64) {
    std::vector<unsigned char> bytes(base64.size());
    const int n = EVP_DecodeBlock(bytes.data(), reinterpret_cast<const unsigned char*>(base64.data()), int(base64.size()));
    const size_t padding = std::count(base64.end() - std::min<size_t>(2, base64.size()), base64.end(), '=');
    std::vector<int32_t> ids((size_t(n) - padding) / 4);
    std::memcpy(ids.data(), bytes.data(), ids.size() * 4);
    return ids;
}

}  // namespace

class ServerRequestsTest : public QObject {
    Q_OBJECT
private slots:
    void chat_request_is_read() {
        Json body = chat_body(Json::array(
            {{{"role", "developer"}, {"content", "be brief"}},
             user("hi"),
             {{"role", "assistant"},
              {"content", nullptr},
              {"reasoning_content", "thinking"},
              {"tool_calls", Json::array({{{"id", "call_1"},
                                           {"type", "function"},
                                           {"function", {{"name", "f"}, {"arguments", "{\"x\": 2}"}}}}})}},
             {{"role", "tool"}, {"tool_call_id", "call_1"}, {"content", "4"}},
             {{"role", "user"}, {"content", Json::array({{{"type", "text"}, {"text", "a"}}, {{"type", "text"}, {"text", "b"}}})}}}));
        body["tools"] = Json::array({{{"type", "function"}, {"function", {{"name", "f"}, {"parameters", {{"type", "object"}}}}}}});
        body["chat_template_kwargs"] = {{"enable_thinking", false}};
        body["max_completion_tokens"] = 7;
        body["temperature"] = 0;
        body["top_k"] = -1;
        body["seed"] = -5;
        body["stop"] = "END";
        body["stream"] = true;
        body["stream_options"] = {{"include_usage", true}};
        body["return_routed_experts"] = true;
        body["routed_experts_start_len"] = 3;
        const ChatParams chat = read_chat_request(body);
        QCOMPARE(chat.messages[0]["role"], Json("system"));          // developer is read as system
        QCOMPARE(chat.messages[2]["tool_calls"][0]["function"]["arguments"], Json({{"x", 2}}));  // an object for the template
        QCOMPARE(chat.messages[2]["reasoning_content"], Json("thinking"));
        QCOMPARE(chat.messages[3]["tool_call_id"], Json("call_1"));
        QCOMPARE(chat.messages[4]["content"].size(), size_t(2));
        QCOMPARE(chat.tools.size(), size_t(1));
        QVERIFY(!chat.thinking);
        QCOMPARE(*chat.generation.max_tokens, 7);
        QCOMPARE(*chat.generation.temperature, 0.0);
        QCOMPARE(*chat.generation.top_k, 0);
        QCOMPARE(*chat.generation.seed, uint64_t(int64_t(-5)));
        QCOMPARE(chat.generation.stop, std::vector<std::string>{"END"});
        QVERIFY(chat.generation.stream && chat.generation.include_usage);
        QVERIFY(chat.generation.return_routed_experts);
        QCOMPARE(chat.generation.routed_experts_start_len, 3);
    }

    void tool_choice_narrows_or_removes_tools() {
        Json body = chat_body(Json::array({user("hi")}));
        body["tools"] = Json::array({{{"type", "function"}, {"function", {{"name", "a"}}}},
                                     {{"type", "function"}, {"function", {{"name", "b"}}}}});
        body["tool_choice"] = {{"type", "function"}, {"function", {{"name", "b"}}}};
        ChatParams chat = read_chat_request(body);
        QCOMPARE(chat.tools.size(), size_t(1));
        QCOMPARE(chat.tools[0]["function"]["name"], Json("b"));
        body["tool_choice"] = "none";
        QVERIFY(read_chat_request(body).tools.is_null());
        body["tool_choice"] = {{"type", "function"}, {"function", {{"name", "c"}}}};
        QCOMPARE(chat_refusal(body), std::string("tool_choice.function.name"));
    }

    void refusals_name_the_field() {
        const Json ok = chat_body(Json::array({user("hi")}));
        auto with = [&](const std::string& key, Json value) {
            Json body = ok;
            body[key] = std::move(value);
            return body;
        };
        QCOMPARE(chat_refusal(ok), std::string());
        QCOMPARE(chat_refusal(with("messages", Json::array())), std::string("messages"));
        QCOMPARE(chat_refusal(with("messages", "hi")), std::string("messages"));
        QCOMPARE(chat_refusal(chat_body(Json::array({{{"role", "robot"}, {"content", "x"}}}))), std::string("messages[0].role"));
        QCOMPARE(chat_refusal(chat_body(Json::array({{{"content", "x"}}}))), std::string("messages[0].role"));
        QCOMPARE(chat_refusal(chat_body(Json::array({user("a"), {{"role", "user"}, {"content", 5}}}))),
                 std::string("messages[1].content"));
        QCOMPARE(chat_refusal(chat_body(Json::array({{{"role", "user"},
                                                      {"content", Json::array({{{"type", "image_url"}}})}}}))),
                 std::string("messages[0].content[0].type"));
        QCOMPARE(chat_refusal(chat_body(Json::array({{{"role", "assistant"},
                                                      {"tool_calls", Json::array({{{"function", {{"name", "f"}, {"arguments", "[1]"}}}}})}}}))),
                 std::string("messages[0].tool_calls[0].function.arguments"));
        QCOMPARE(chat_refusal(with("temperature", "hot")), std::string("temperature"));
        QCOMPARE(chat_refusal(with("temperature", 3)), std::string("temperature"));
        QCOMPARE(chat_refusal(with("top_p", 0)), std::string("top_p"));
        QCOMPARE(chat_refusal(with("max_tokens", 0)), std::string("max_tokens"));
        QCOMPARE(chat_refusal(with("max_tokens", 2.5)), std::string("max_tokens"));
        QCOMPARE(chat_refusal(with("n", 2)), std::string("n"));
        QCOMPARE(chat_refusal(with("logprobs", 2)), std::string("logprobs"));          // chat asks with a boolean
        QCOMPARE(chat_refusal(with("top_logprobs", 3)), std::string("top_logprobs"));  // without logprobs: true
        {
            Json both = with("logprobs", true);
            both["top_logprobs"] = 21;
            QCOMPARE(chat_refusal(both), std::string("top_logprobs"));
            both["top_logprobs"] = 20;
            QCOMPARE(read_chat_request(both).generation.logprobs, 20);
        }
        QCOMPARE(chat_refusal(with("presence_penalty", 0.5)), std::string("presence_penalty"));
        QCOMPARE(chat_refusal(with("stop", Json::array({"a", 3}))), std::string("stop[1]"));
        QCOMPARE(chat_refusal(with("stop", "")), std::string("stop"));
        QCOMPARE(chat_refusal(with("stream", "yes")), std::string("stream"));
        QCOMPARE(chat_refusal(with("tools", Json::array({{{"type", "function"}}}))), std::string("tools[0].function"));
        QCOMPARE(chat_refusal(with("tool_choice", "required")), std::string("tool_choice"));  // no tools
        QCOMPARE(chat_refusal(with("chat_template_kwargs", {{"enable_thinking", "no"}})),
                 std::string("chat_template_kwargs.enable_thinking"));
        // Accepted at the values that ask for nothing.
        QCOMPARE(chat_refusal(with("n", 1)), std::string());
        QCOMPARE(chat_refusal(with("logprobs", false)), std::string());
        QCOMPARE(chat_refusal(with("top_logprobs", 0)), std::string());
        QCOMPARE(read_chat_request(with("logprobs", false)).generation.logprobs, -1);
        QCOMPARE(read_chat_request(with("logprobs", true)).generation.logprobs, 0);
        QCOMPARE(chat_refusal(with("frequency_penalty", 0)), std::string());
        QCOMPARE(chat_refusal(with("user", "someone")), std::string());  // unknown fields are ignored
    }

    void completion_prompts() {
        QCOMPARE(read_completion_request({{"prompt", "hello"}}).prompt_text, std::string("hello"));
        const CompletionParams ids = read_completion_request({{"prompt", {1, 2, 3}}});
        QVERIFY(ids.has_ids);
        QCOMPARE(ids.prompt_ids, (std::vector<int>{1, 2, 3}));
        QVERIFY(read_completion_request({{"prompt", Json::array({Json::array({4, 5})})}}).has_ids);
        QCOMPARE(read_completion_request({{"prompt", Json::array({"one"})}}).prompt_text, std::string("one"));
        QCOMPARE(completion_refusal(Json::object()), std::string("prompt"));
        QCOMPARE(completion_refusal({{"prompt", ""}}), std::string("prompt"));
        QCOMPARE(completion_refusal({{"prompt", {1, -2}}}), std::string("prompt"));
        QCOMPARE(completion_refusal({{"prompt", Json::array({"a", "b"})}}), std::string("prompt"));
        // Log-probabilities as the legacy API asks for them, and echo scoring (max_tokens 0 with echo only).
        QCOMPARE(read_completion_request({{"prompt", "x"}, {"logprobs", 2}}).generation.logprobs, 2);
        QCOMPARE(read_completion_request({{"prompt", "x"}, {"logprobs", 0}}).generation.logprobs, 0);
        QCOMPARE(read_completion_request({{"prompt", "x"}}).generation.logprobs, -1);
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"logprobs", 21}}), std::string("logprobs"));
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"logprobs", true}}), std::string("logprobs"));
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"top_logprobs", 2}}), std::string("top_logprobs"));
        const CompletionParams scoring = read_completion_request({{"prompt", "x"}, {"echo", true}, {"max_tokens", 0}, {"logprobs", 1}});
        QVERIFY(scoring.echo);
        QCOMPARE(*scoring.generation.max_tokens, 0);
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"max_tokens", 0}}), std::string("max_tokens"));
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"echo", true}, {"best_of", 2}}), std::string("best_of"));
        QCOMPARE(completion_refusal({{"prompt", "x"}, {"echo", true}, {"n", 2}}), std::string("n"));
    }

    void bodies_that_are_not_requests() {
        int status = 0;
        for (const std::string body : {"", "{", "[]", "null", "\"x\"", "{\"messages\": [}", "\xff\xfe"}) {
            QCOMPARE(refused_field(body, [](const std::string& b) { return parse_body(b); }, &status), std::string("body"));
            QCOMPARE(status, 400);
        }
        std::string deep(100000, '[');
        QCOMPARE(refused_field(deep + std::string(100000, ']'), [](const std::string& b) { return parse_body(b); }),
                 std::string("body"));
        std::string nested = "{\"messages\": " + std::string(70, '[') + std::string(70, ']') + "}";
        QCOMPARE(refused_field(nested, [](const std::string& b) { return parse_body(b); }), std::string("body"));
    }

    // A seeded mutation fuzz of the readers, run in every test build (the libFuzzer
    // targets need clang): mangled requests are accepted or refused with a field,
    // never anything else.
    void mangled_requests_only_ever_refuse() {
        const std::string seed_body = chat_body(Json::array(
            {user("hi"), {{"role", "assistant"}, {"content", "ok"},
                          {"tool_calls", Json::array({{{"type", "function"}, {"function", {{"name", "f"}, {"arguments", "{}"}}}}})}}}))
                                          .dump();
        const std::string completion_seed = Json({{"prompt", {1, 2}}, {"max_tokens", 3}, {"stop", {"x"}}}).dump();
        std::mt19937 random(20261202);
        const std::string alphabet = "{}[]\":,0123456789.-eEtruefalsnl \\/abcxyz\x80\xff";
        int accepted = 0, refused = 0;
        for (int i = 0; i < 20000; ++i) {
            std::string body = (i % 2 ? seed_body : completion_seed);
            for (int edits = 1 + int(random() % 4); edits > 0; --edits) {
                const size_t at = random() % (body.size() + 1);
                switch (random() % 3) {
                    case 0: body.insert(at, 1, alphabet[random() % alphabet.size()]); break;
                    case 1: if (at < body.size()) body.erase(at, 1); break;
                    default: if (at < body.size()) body[at] = alphabet[random() % alphabet.size()]; break;
                }
            }
            try {
                const Json parsed = parse_body(body);
                if (i % 2) read_chat_request(parsed);
                else read_completion_request(parsed);
                ++accepted;
            } catch (const RequestError& e) {
                QVERIFY2(e.status == 400, body.c_str());
                ++refused;
            }
        }
        QVERIFY(accepted > 100 && refused > 100);
    }

    void stop_strings_hold_back_only_what_may_match() {
        StopStrings stops({"END", "xyz"});
        QCOMPARE(stops.feed("abc E"), std::string("abc "));
        QCOMPARE(stops.feed("N"), std::string());
        QCOMPARE(stops.feed("Dnext"), std::string());
        QVERIFY(stops.matched());
        QCOMPARE(stops.finish(), std::string());
        StopStrings none({"END"});
        QCOMPARE(none.feed("EN"), std::string());
        QCOMPARE(none.finish(), std::string("EN"));
        // Split at every position: the text before the first stop, whole.
        const std::string text = "one two xyz three END";
        for (size_t cut = 0; cut <= text.size(); ++cut) {
            StopStrings s({"END", "xyz"});
            std::string out = s.feed(text.substr(0, cut));
            out += s.feed(text.substr(cut));
            out += s.finish();
            QCOMPARE(out, std::string("one two "));
        }
    }

    void routed_experts_encoding() {
        // Layers 0 and 2 are MoE (indices 0, 1); top_k 2; rows from position 1.
        RoutedExpertsRecorder recorder({0, -1, 1}, 2, 1);
        recorder.record(0, 0, {9, 9});   // before the start: not returned
        recorder.record(0, 1, {3, 4});
        recorder.record(2, 1, {5, 6});
        recorder.record(1, 1, {7, 7});   // a dense layer: ignored
        recorder.record(2, 2, {1});      // fewer than top_k: the rest stays -1
        QCOMPARE(recorder.rows(3), 2);
        QCOMPARE(decode_ids(recorder.base64(3)), (std::vector<int32_t>{3, 4, 5, 6, -1, -1, 1, -1}));
        QCOMPARE(base64_encode("Man", 3), std::string("TWFu"));
        QCOMPARE(base64_encode("Ma", 2), std::string("TWE="));
        QCOMPARE(base64_encode("", 0), std::string());
    }

    void responses_carry_tool_calls_and_extras() {
        RunOutcome outcome;
        outcome.reasoning = "why";
        outcome.content = "";
        outcome.finish_reason = "tool_calls";
        outcome.tool_calls.push_back({0, "call_a_0", "get_weather", {{"city", "Roma"}, {"days", 2}}});
        outcome.reply.prompt_tokens = 10;
        outcome.reply.prefix_reused_tokens = 4;
        outcome.reply.tokens = {5, 6, 7};
        outcome.routed_experts = base64_encode("\1\0\0\0", 4);
        outcome.routed_rows = 1;
        const Json response = chat_response({"chatcmpl-x", 1, "m"}, outcome, {1, 2}, true);
        const Json& message = response["choices"][0]["message"];
        QCOMPARE(message["reasoning_content"], Json("why"));
        QCOMPARE(message["tool_calls"][0]["function"]["name"], Json("get_weather"));
        QCOMPARE(Json::parse(message["tool_calls"][0]["function"]["arguments"].get<std::string>()),
                 Json({{"city", "Roma"}, {"days", 2}}));
        QCOMPARE(response["choices"][0]["finish_reason"], Json("tool_calls"));
        QCOMPARE(response["usage"]["total_tokens"], Json(13));
        QCOMPARE(response["usage"]["prompt_tokens_details"]["cached_tokens"], Json(4));
        QCOMPARE(response["prompt_token_ids"], Json({1, 2}));
        QCOMPARE(response["choices"][0]["token_ids"], Json({5, 6, 7}));
        QCOMPARE(response["sglext"]["routed_experts"], Json("AQAAAA=="));
        const Json chunk = chat_chunk({"chatcmpl-x", 1, "m"}, chat_delta({"", "", {outcome.tool_calls[0]}}), "");
        QCOMPARE(chunk["choices"][0]["delta"]["tool_calls"][0]["index"], Json(0));
        QVERIFY(chunk["choices"][0]["finish_reason"].is_null());
        // Invalid UTF-8 from a model is replaced, never a failure.
        QVERIFY(sse_event({{"x", std::string("\xff")}}).find("\xEF\xBF\xBD") != std::string::npos);
    }

    void loopback_rule() {
        for (const char* host : {"127.0.0.1", "127.1.2.3", "::1", "localhost"}) QVERIFY2(is_loopback(host), host);
        for (const char* host : {"0.0.0.0", "::", "192.168.1.5", "example.org", ""}) QVERIFY2(!is_loopback(host), host);
        EngineHost host(1);
        ServerOptions options;
        options.host = "0.0.0.0";
        options.port = 0;
        try {
            HttpServer server(host, options);
            QFAIL("a server on 0.0.0.0 without a key must be refused");
        } catch (const peng::Error& e) {
            QVERIFY(std::string(e.what()).find("without an API key") != std::string::npos);
        }
    }

    void the_line_is_first_come_first_served_and_bounded() {
        EngineHost host(2);
        EngineHost::Ticket running = host.try_join();
        host.wait(running);
        EngineHost::Ticket a = host.try_join(), b = host.try_join();
        QVERIFY(a.valid() && b.valid());
        QVERIFY(!host.try_join().valid());       // two wait: the line is full
        QVERIFY(host.join().valid());            // the app always gets a place (and leaves at once)
        QCOMPARE(host.waiting(), 2);
        std::vector<char> order;
        std::mutex order_mutex;
        std::thread tb([&] {
            host.wait(b);
            std::lock_guard lock(order_mutex);
            order.push_back('b');
            b = {};
        });
        std::thread ta([&] {
            host.wait(a);
            std::lock_guard lock(order_mutex);
            order.push_back('a');
            a = {};
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        running = {};
        ta.join();
        tb.join();
        QCOMPARE(order, (std::vector<char>{'a', 'b'}));
        // A place given up early is skipped, and the line is free again.
        EngineHost::Ticket first = host.try_join(), quitter = host.try_join();
        host.wait(first);
        QVERIFY(!host.wait(quitter, [] { return true; }));
        first = {};
        EngineHost::Ticket next = host.try_join();
        host.wait(next);
        QVERIFY(host.busy());
        next = {};
        QVERIFY(!host.busy());
        QCOMPARE(host.waiting(), 0);
        // The window's turns take none of the server's places in line.
        EngineHost::Ticket busy = host.join();
        host.wait(busy);
        EngineHost::Ticket window = host.join();
        EngineHost::Ticket s1 = host.try_join(), s2 = host.try_join();
        QVERIFY(s1.valid() && s2.valid());
        QVERIFY(!host.try_join().valid());
        QCOMPARE(host.waiting(), 3);
    }

    void metrics_text() {
        ServerMetrics metrics;
        metrics.count_request("/v1/models", 200, 0.003);
        metrics.count_request("/v1/models", 200, 0.2);
        peng::Reply reply;
        reply.prompt_tokens = 5;
        reply.tokens = {1, 2, 3};
        reply.ttft_s = 0.3;
        reply.decode_s = 0.5;
        reply.phases.expert_hits = 3;
        reply.phases.expert_misses = 1;
        reply.prefill_disk_bytes = 100;
        metrics.count_reply(reply);
        const std::string text = metrics.prometheus(2, true, true);
        for (const char* line : {"peng_requests_total{endpoint=\"/v1/models\",code=\"200\"} 2", "peng_queue_waiting 2",
                                 "peng_generated_tokens_total 3", "peng_decode_tokens_per_second 4",
                                 "peng_expert_hit_rate 0.75", "peng_disk_read_bytes_total 100",
                                 // Histograms: cumulative buckets ("less than or equal"), +Inf, sum, count.
                                 "peng_time_to_first_token_seconds_bucket{le=\"0.25\"} 0",
                                 "peng_time_to_first_token_seconds_bucket{le=\"0.5\"} 1",
                                 "peng_time_to_first_token_seconds_bucket{le=\"+Inf\"} 1",
                                 "peng_time_to_first_token_seconds_sum 0.3", "peng_time_to_first_token_seconds_count 1",
                                 "peng_decode_seconds_per_token_bucket{le=\"0.1\"} 0",
                                 "peng_decode_seconds_per_token_bucket{le=\"0.25\"} 1",   // 0.5 s over 2 tokens
                                 "peng_decode_seconds_per_token_sum 0.25", "peng_decode_seconds_per_token_count 1",
                                 "peng_request_duration_seconds_bucket{endpoint=\"/v1/models\",le=\"0.001\"} 0",
                                 "peng_request_duration_seconds_bucket{endpoint=\"/v1/models\",le=\"0.005\"} 1",
                                 "peng_request_duration_seconds_bucket{endpoint=\"/v1/models\",le=\"0.5\"} 2",
                                 "peng_request_duration_seconds_bucket{endpoint=\"/v1/models\",le=\"+Inf\"} 2",
                                 "peng_request_duration_seconds_count{endpoint=\"/v1/models\"} 2"})
            QVERIFY2(text.find(line) != std::string::npos, line);
        // A bound itself falls in its bucket.
        ServerMetrics edge;
        edge.count_request("/health", 200, 0.1);
        QVERIFY(edge.prometheus(0, false, false).find("{endpoint=\"/health\",le=\"0.1\"} 1") != std::string::npos);
        QCOMPARE(metrics.requests(), uint64_t(2));
    }
};

QTEST_GUILESS_MAIN(ServerRequestsTest)
#include "test_server_requests.moc"
