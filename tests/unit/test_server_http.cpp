// The server over real HTTP on loopback (a free port), on a generated model: greedy
// answers are the tokens `peng-cli run --messages` gives, streams are well-formed
// server-sent events whose text is the non-streamed answer, a growing conversation
// reuses its KV, stop strings and the context cap hold, every refusal has its status
// and an OpenAI error body, a client that leaves mid-stream stops its generation, and
// a caller sharing the engine (the window) is neither corrupted nor corrupts.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include <httplib.h>
#include <openssl/evp.h>

#include "api/engine.h"
#include "cli_process.h"
#include "loopback_client.h"
#include "server/engine_host.h"
#include "server/http_server.h"

using namespace peng;
using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";
constexpr int kContext = 512;
constexpr int kMaxWaiting = 2;

Json chat(std::vector<Json> messages, int max_tokens) {
    return {{"model", "tiny-mxfp4"}, {"messages", messages}, {"max_tokens", max_tokens}, {"temperature", 0}};
}

Json user(const std::string& text) { return {{"role", "user"}, {"content", text}}; }

std::vector<int32_t> decode_ids(const std::string& base64) {
    std::vector<unsigned char> bytes(base64.size() + 3);
    const int n = EVP_DecodeBlock(bytes.data(), reinterpret_cast<const unsigned char*>(base64.data()), int(base64.size()));
    const size_t padding = base64.empty() ? 0 : std::count(base64.end() - std::min<size_t>(2, base64.size()), base64.end(), '=');
    std::vector<int32_t> ids((size_t(std::max(n, 0)) - padding) / 4);
    std::memcpy(ids.data(), bytes.data(), ids.size() * 4);
    return ids;
}

double metric(int port, const std::string& name) {
    const Answer a = get(port, "/metrics");
    const std::string text = a.body.get<std::string>();
    const size_t at = text.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + name.size() + 2));
}

}  // namespace

class ServerHttpTest : public QObject {
    Q_OBJECT

    std::unique_ptr<Engine> engine_;
    std::unique_ptr<server::EngineHost> host_;
    std::unique_ptr<server::HttpServer> server_;
    int port_ = 0;

    static LoadOptions options() {
        LoadOptions o;
        o.model_dir = kModel;
        o.history = "none";
        o.kv_store = "none";
        o.context_tokens = kContext;
        return o;
    }

private slots:
    void initTestCase() {
        engine_ = Engine::open(options());
        LoopbackServer served = serve_on_loopback(*engine_, kMaxWaiting);
        host_ = std::move(served.host);
        server_ = std::move(served.http);
        port_ = served.port;
        QVERIFY(port_ > 0);
    }

    void cleanupTestCase() {
        server_.reset();
        engine_.reset();
    }

    void models_and_health() {
        const Answer models = get(port_, "/v1/models");
        QCOMPARE(models.status, 200);
        const Json& card = models.body["data"][0];
        QCOMPARE(card["id"], Json("tiny-mxfp4"));
        const ModelConfig& c = engine_->info().config;
        QCOMPARE(card["moe_layers"], Json(c.moe_layer_count()));
        QCOMPARE(card["routed_experts"], Json(c.n_routed_experts));
        QCOMPARE(card["experts_per_token"], Json(c.num_experts_per_tok));
        QCOMPARE(card["max_model_len"], Json(kContext));
        QCOMPARE(get(port_, "/v1/models/tiny-mxfp4").status, 200);
        QCOMPARE(get(port_, "/v1/models/other").status, 404);
        const Answer health = get(port_, "/health");
        QCOMPARE(health.status, 200);
        QCOMPARE(health.body["status"], Json("ok"));
    }

    // The rule: greedy answers through the server are the tokens peng-cli run
    // gives for the same messages.
    void greedy_answer_is_the_cli_answer() {
        const std::vector<Json> messages = {{{"role", "system"}, {"content", "You are terse."}}, user("Name three rivers.")};
        const fs::path file = fs::temp_directory_path() / "peng_server_messages.json";
        std::ofstream(file) << Json(messages).dump();
        const Result run = cli({"run", QString::fromStdString(kModel), "--messages", QString::fromStdString(file.string()),
                                "--ngen", "12", "--temp", "0", "--json", "--history", "none", "--kv-store", "none",
                                "--context", QString::number(kContext)});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const Json report = Json::parse(run.out.toStdString().substr(run.out.toStdString().rfind("\n{") + 1));
        Json body = chat(messages, 12);
        body["return_token_ids"] = true;
        const Answer answer = post(port_, "/v1/chat/completions", body);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body["choices"][0]["token_ids"], report["tokens"]);
        QCOMPARE(answer.body["usage"]["completion_tokens"], Json(report["tokens"].size()));
        QCOMPARE(answer.body["usage"]["prompt_tokens"], report["prompt_tokens"]);
    }

    void a_stream_is_the_same_answer_as_events() {
        Json body = chat({user("Tell me about stones.")}, 20);
        const Answer whole = post(port_, "/v1/chat/completions", body);
        QCOMPARE(whole.status, 200);
        body["stream"] = true;
        body["stream_options"] = {{"include_usage", true}};
        body["return_routed_experts"] = true;
        const std::vector<std::string> events = stream(port_, "/v1/chat/completions", body);
        QVERIFY(events.size() >= 4);
        QCOMPARE(events.back(), std::string("[DONE]"));
        std::string content, reasoning, finish;
        Json usage, routed;
        for (size_t i = 0; i + 1 < events.size(); ++i) {
            const Json chunk = Json::parse(events[i]);
            QCOMPARE(chunk["id"], Json::parse(events[0])["id"]);
            if (chunk.contains("usage")) usage = chunk["usage"];
            if (chunk.contains("sglext")) routed = chunk["sglext"]["routed_experts"];
            if (chunk["choices"].empty()) continue;
            QCOMPARE(chunk["object"], Json("chat.completion.chunk"));
            const Json& delta = chunk["choices"][0]["delta"];
            if (i == 0) QCOMPARE(delta["role"], Json("assistant"));
            content += delta.value("content", "");
            reasoning += delta.value("reasoning_content", "");
            if (!chunk["choices"][0]["finish_reason"].is_null()) finish = chunk["choices"][0]["finish_reason"];
        }
        const Json& message = whole.body["choices"][0]["message"];
        QCOMPARE(content, message["content"].get<std::string>());
        QCOMPARE(reasoning, message.value("reasoning_content", ""));
        QCOMPARE(Json(finish), whole.body["choices"][0]["finish_reason"]);
        QCOMPARE(usage["completion_tokens"], whole.body["usage"]["completion_tokens"]);
        // Routed experts: every position run, [positions, MoE layers, top_k] of valid ids.
        const ModelConfig& c = engine_->info().config;
        const std::vector<int32_t> ids = decode_ids(routed.get<std::string>());
        const int positions = usage["prompt_tokens"].get<int>() + usage["completion_tokens"].get<int>() - 1;
        QCOMPARE(ids.size(), size_t(positions) * c.moe_layer_count() * c.num_experts_per_tok);
        for (int32_t id : ids) QVERIFY(id >= 0 && id < c.n_routed_experts);
        // From a later start: fewer rows, the same ids.
        body["routed_experts_start_len"] = 5;
        body["stream"] = false;
        const Answer later = post(port_, "/v1/chat/completions", body);
        const std::vector<int32_t> tail = decode_ids(later.body["sglext"]["routed_experts"].get<std::string>());
        const size_t row = size_t(c.moe_layer_count()) * c.num_experts_per_tok;
        QCOMPARE(tail.size(), ids.size() - 5 * row);
        QVERIFY(std::equal(tail.begin(), tail.end(), ids.begin() + long(5 * row)));
    }

    void a_growing_conversation_reuses_its_kv() {
        const std::vector<Json> first = {user("Remember the word lantern.")};
        const Answer a = post(port_, "/v1/chat/completions", chat(first, 8));
        QCOMPARE(a.status, 200);
        std::vector<Json> second = first;
        second.push_back({{"role", "assistant"}, {"content", a.body["choices"][0]["message"]["content"]},
                          {"reasoning_content", a.body["choices"][0]["message"].value("reasoning_content", "")}});
        second.push_back(user("Which word?"));
        const Answer b = post(port_, "/v1/chat/completions", chat(second, 8));
        QCOMPARE(b.status, 200);
        const int cached = b.body["usage"]["prompt_tokens_details"]["cached_tokens"];
        QVERIFY2(cached >= a.body["usage"]["prompt_tokens"].get<int>() - 1, b.body.dump().c_str());
    }

    void stop_strings_end_the_answer() {
        Json body = {{"prompt", "The list goes on and on"}, {"max_tokens", 24}, {"temperature", 0}};
        const Answer plain = post(port_, "/v1/completions", body);
        QCOMPARE(plain.status, 200);
        const std::string text = plain.body["choices"][0]["text"];
        QVERIFY(text.size() >= 6);
        const std::string stop = text.substr(text.size() / 2, 2);
        body["stop"] = Json::array({stop});
        const Answer stopped = post(port_, "/v1/completions", body);
        QCOMPARE(stopped.body["choices"][0]["text"].get<std::string>(), text.substr(0, text.find(stop)));
        QCOMPARE(stopped.body["choices"][0]["finish_reason"], Json("stop"));
    }

    // A seed reproduces a sampled answer; without one each answer is drawn afresh.
    void seeds() {
        Json body = {{"prompt", "Pick words:"}, {"max_tokens", 16}, {"temperature", 1.0}, {"return_token_ids", true}};
        body["seed"] = 7;
        const Json a = post(port_, "/v1/completions", body).body["choices"][0]["token_ids"];
        const Json b = post(port_, "/v1/completions", body).body["choices"][0]["token_ids"];
        QCOMPARE(a, b);
        body.erase("seed");
        std::set<std::string> unseeded;
        for (int i = 0; i < 3; ++i) unseeded.insert(post(port_, "/v1/completions", body).body["choices"][0]["token_ids"].dump());
        QVERIFY(unseeded.size() > 1);
    }

    void the_context_caps_the_answer() {
        const int prompt = kContext - 3;
        std::vector<int> ids(prompt, 100);
        const Answer capped = post(port_, "/v1/completions", Json{{"prompt", ids}, {"max_tokens", 50}, {"temperature", 0}});
        QCOMPARE(capped.status, 200);
        QVERIFY(capped.body["usage"]["completion_tokens"].get<int>() <= 3);
        ids.resize(kContext, 100);
        const Answer full = post(port_, "/v1/completions", Json{{"prompt", ids}});
        QCOMPARE(full.status, 400);
        QCOMPARE(full.body["error"]["type"], Json("context_length_exceeded"));
        QCOMPARE(full.body["error"]["param"], Json("prompt"));
    }

    void refusals() {
        const Answer malformed = post(port_, "/v1/chat/completions", std::string("{\"messages\": [}"));
        QCOMPARE(malformed.status, 400);
        QCOMPARE(malformed.body["error"]["param"], Json("body"));
        const Answer wrong_type = post(port_, "/v1/chat/completions", Json{{"messages", {user("hi")}}, {"top_p", "high"}});
        QCOMPARE(wrong_type.status, 400);
        QCOMPARE(wrong_type.body["error"]["param"], Json("top_p"));
        QVERIFY(wrong_type.body["error"]["message"].get<std::string>().find("top_p") != std::string::npos);
        const Answer unknown_model = post(port_, "/v1/chat/completions", Json{{"model", "gpt-9"}, {"messages", {user("hi")}}});
        QCOMPARE(unknown_model.status, 404);
        QCOMPARE(unknown_model.body["error"]["param"], Json("model"));
        QCOMPARE(post(port_, "/v1/embeddings", Json::object()).status, 404);
        const Answer too_big = post(port_, "/v1/chat/completions", std::string(2 << 20, ' '));
        QCOMPARE(too_big.status, 413);
        QCOMPARE(too_big.body["error"]["type"], Json("invalid_request_error"));
        const Answer bad_id = post(port_, "/v1/completions", Json{{"prompt", {1, 1 << 30}}});
        QCOMPARE(bad_id.status, 400);
        QCOMPARE(get(port_, "/health").status, 200);   // and the server is fine
    }

    // The line holds kMaxWaiting requests; one more is told to come back (429), and
    // those waiting are answered in turn once the engine is free.
    void a_full_line_answers_429() {
        auto turn = host_->join();
        host_->wait(turn);   // the window holds the engine
        std::vector<std::future<Answer>> waiting;
        for (int i = 0; i < kMaxWaiting; ++i)
            waiting.push_back(std::async(std::launch::async, [this] {
                return post(port_, "/v1/chat/completions", chat({user("wait")}, 2));
            }));
        for (int i = 0; i < 200 && host_->waiting() < kMaxWaiting; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        QCOMPARE(host_->waiting(), kMaxWaiting);
        const Answer refused = post(port_, "/v1/chat/completions", chat({user("one more")}, 2));
        QCOMPARE(refused.status, 429);
        QVERIFY(refused.headers.count("Retry-After"));
        QCOMPARE(refused.body["error"]["type"], Json("rate_limit_error"));
        QCOMPARE(metric(port_, "peng_queue_waiting"), double(kMaxWaiting));
        turn = {};
        for (auto& w : waiting) QCOMPARE(w.get().status, 200);
    }

    void a_client_that_leaves_stops_its_generation() {
        const double before = metric(port_, "peng_generated_tokens_total");
        Json body = chat({user("Go on for a long time.")}, 400);
        body["stream"] = true;
        const std::vector<std::string> events = stream(port_, "/v1/chat/completions", body, 3);
        QCOMPARE(events.size(), size_t(3));
        // The engine is free again and answers the next client.
        const Answer next = post(port_, "/v1/chat/completions", chat({user("hi")}, 3));
        QCOMPARE(next.status, 200);
        const double generated = metric(port_, "peng_generated_tokens_total") - before;
        qInfo("tokens generated for the client that left after 3 events, and the next: %.0f", generated);
        QVERIFY2(generated - next.body["usage"]["completion_tokens"].get<int>() < 60, std::to_string(generated).c_str());
    }

    // The window's conversation and the server's requests take turns on the one engine:
    // each answer is the one it gets alone.
    void sharing_the_engine_corrupts_nothing() {
        RunSettings greedy;
        greedy.sampling.temperature = 0;
        greedy.max_new_tokens = 16;
        ChatRequest window;
        window.conversation = "window";
        window.messages = Json::array({user("The window asks about rivers.")});
        const Json http_body = chat({user("The server is asked about stones.")}, 16);
        std::vector<int> window_alone;
        {
            auto turn = host_->join();
            host_->wait(turn);
            window_alone = engine_->chat(window, greedy).tokens;
            engine_->clear_kv(false);
        }
        const Json http_alone = post(port_, "/v1/chat/completions", http_body).body["choices"][0]["message"];
        for (int round = 0; round < 3; ++round) {
            auto http = std::async(std::launch::async, [&] { return post(port_, "/v1/chat/completions", http_body); });
            std::vector<int> window_shared;
            {
                auto turn = host_->join();
                host_->wait(turn);
                window_shared = engine_->chat(window, greedy).tokens;
            }
            QCOMPARE(window_shared, window_alone);
            QCOMPARE(http.get().body["choices"][0]["message"], http_alone);
        }
    }

    void a_key_guards_every_endpoint_but_health() {
        server::ServerOptions o;
        o.port = 0;
        o.api_key = "s3cret-key";
        server::HttpServer guarded(*host_, o);
        guarded.start();
        const int port = guarded.port();
        QCOMPARE(get(port, "/v1/models").status, 401);
        QCOMPARE(get(port, "/v1/models", "wrong").status, 401);
        QCOMPARE(get(port, "/v1/models", "s3cret-ke").status, 401);
        QCOMPARE(get(port, "/metrics").status, 401);
        QCOMPARE(post(port, "/v1/chat/completions", chat({user("hi")}, 2)).status, 401);
        QCOMPARE(get(port, "/v1/models", "s3cret-key").status, 200);
        QCOMPARE(post(port, "/v1/chat/completions", chat({user("hi")}, 2), "s3cret-key").status, 200);
        QCOMPARE(get(port, "/health").status, 200);
        const Answer unauthorized = get(port, "/v1/models", "nope");
        QCOMPARE(unauthorized.body["error"]["type"], Json("authentication_error"));
    }

    // peng-cli serve refuses before loading anything: an open address without a key,
    // key files that hold no key, a port out of range.
    void the_cli_refuses_unsafe_or_broken_settings() {
        const QString model = QString::fromStdString(kModel);
        const Result open = cli({"serve", model, "--host", "0.0.0.0"});
        QVERIFY(open.exit_code != 0);
        QVERIFY2(open.err.contains("without an API key"), qPrintable(open.err));
        const fs::path empty = fs::temp_directory_path() / "peng_empty_key";
        std::ofstream(empty) << "\n";
        const Result no_key = cli({"serve", model, "--api-key-file", QString::fromStdString(empty.string())});
        QVERIFY(no_key.exit_code != 0);
        QVERIFY2(no_key.err.contains("is empty"), qPrintable(no_key.err));
        const Result missing = cli({"serve", model, "--api-key-file", "/nonexistent/key"});
        QVERIFY2(missing.exit_code != 0 && missing.err.contains("cannot read"), qPrintable(missing.err));
        const Result port = cli({"serve", model, "--port", "70000"});
        QVERIFY2(port.exit_code != 0 && port.err.contains("--port"), qPrintable(port.err));
        const Result both = cli({"serve", model, "--api-key", "a", "--api-key-file", "/x"});
        QVERIFY2(both.exit_code != 0 && both.err.contains("not both"), qPrintable(both.err));
    }

    // A port already taken is a sentence, not a crash.
    void a_taken_port_is_refused() {
        server::ServerOptions o;
        o.port = port_;
        try {
            server::HttpServer second(*host_, o);
            QFAIL("a second server on a taken port must be refused");
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("cannot listen") != std::string::npos, e.what());
        }
    }

    void stopping_ends_a_stream_promptly() {
        server::ServerOptions o;
        o.port = 0;
        auto server = std::make_unique<server::HttpServer>(*host_, o);
        server->start();
        Json body = chat({user("Keep going.")}, 450);
        body["stream"] = true;
        auto streaming = std::async(std::launch::async, [&] { return stream(server->port(), "/v1/chat/completions", body); });
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        QElapsedTimer timer;
        timer.start();
        server->stop();
        QVERIFY2(timer.elapsed() < 10000, std::to_string(timer.elapsed()).c_str());
        streaming.get();
        QCOMPARE(get(port_, "/health").status, 200);   // the other server still answers
    }
};

QTEST_GUILESS_MAIN(ServerHttpTest)
#include "test_server_http.moc"
