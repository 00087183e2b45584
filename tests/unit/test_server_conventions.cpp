// What users of llama-server, vLLM and OpenAI's API expect of a server (issue 49), over
// real HTTP on loopback (a free port) on a generated model: a missing key and a wrong
// one are told apart without the key echoed, a known path asked with another method
// gets 405 naming the methods it takes (unknown paths stay 404), each request is logged
// in one line with its status, tokens and time (and `peng-cli serve --no-log` logs
// none), and /metrics has histograms of time to first token, decode time per token and
// request duration whose buckets add up.
#include <QtTest>

#include <QProcess>
#include <QRegularExpression>

#include <mutex>
#include <sstream>
#include <thread>

#include <httplib.h>

#include "api/engine.h"
#include "server/engine_host.h"
#include "server/http_server.h"

using namespace peng;
using Json = nlohmann::ordered_json;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";
const std::string kKey = "s3cret-key-49";

struct Answer {
    int status = 0;
    Json error;   // the body's "error" object, or null
    std::string body;
    httplib::Headers headers;
};

Answer send(int port, const std::string& method, const std::string& path, const std::string& body = {},
            const std::string& authorization = {}) {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(60);
    httplib::Request request;
    request.method = method;
    request.path = path;
    if (!body.empty()) {
        request.body = body;
        request.set_header("Content-Type", "application/json");
    }
    if (!authorization.empty()) request.set_header("Authorization", authorization);
    const httplib::Result result = client.send(request);
    Answer answer;
    if (!result) return answer;
    answer.status = result->status;
    answer.body = result->body;
    answer.headers = result->headers;
    const Json parsed = Json::parse(result->body, nullptr, false);
    if (parsed.is_object() && parsed.contains("error")) answer.error = parsed["error"];
    return answer;
}

std::string chat_body(int max_tokens, bool stream = false) {
    return Json{{"messages", {{{"role", "user"}, {"content", "hello there"}}}},
                {"max_tokens", max_tokens},
                {"temperature", 0},
                {"stream", stream}}
        .dump();
}

std::string message(const Answer& answer) { return answer.error.value("message", ""); }

// Whether `condition` holds within `ms` (a log line comes once the response is written,
// so just after the client has read it).
template <typename Condition>
bool within(int ms, Condition condition) {
    for (int waited = 0; waited < ms; waited += 10) {
        if (condition()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return condition();
}

// The value of the sample `series` (name and labels, as written) in /metrics' text.
double sample(const std::string& text, const std::string& series) {
    const size_t at = text.find("\n" + series + " ");
    return at == std::string::npos ? -1 : std::stod(text.substr(at + series.size() + 2));
}

// A histogram's buckets in order, as (le, cumulative count), from the lines that start
// with `prefix` (the series' name, "_bucket{" and any labels before le).
std::vector<std::pair<std::string, double>> buckets(const std::string& text, const std::string& prefix) {
    std::vector<std::pair<std::string, double>> out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind(prefix + "le=\"", 0) != 0) continue;
        const size_t le = prefix.size() + 4, close = line.find("\"} ", le);
        out.emplace_back(line.substr(le, close - le), std::stod(line.substr(close + 3)));
    }
    return out;
}

}  // namespace

class ServerConventionsTest : public QObject {
    Q_OBJECT

    std::unique_ptr<Engine> engine_;
    std::unique_ptr<server::EngineHost> host_;
    std::unique_ptr<server::HttpServer> server_;   // with a key, logging into lines_
    int port_ = 0;
    std::mutex lines_mutex_;
    std::vector<std::string> lines_;

    std::vector<std::string> lines() {
        std::lock_guard lock(lines_mutex_);
        return lines_;
    }

    // The log line that contains `part`, waiting for it a while; "" when none came.
    std::string line_with(const std::string& part) {
        std::string found;
        within(5000, [&] {
            for (const std::string& line : lines())
                if (line.find(part) != std::string::npos) found = line;
            return !found.empty();
        });
        return found;
    }

private slots:
    void initTestCase() {
        LoadOptions o;
        o.model_dir = kModel;
        o.history = "none";
        o.kv_store = "none";
        o.context_tokens = 512;
        engine_ = Engine::open(o);
        host_ = std::make_unique<server::EngineHost>(2);
        {
            auto turn = host_->join();
            host_->wait(turn);
            host_->set_engine(engine_.get());
        }
        server::ServerOptions options;
        options.port = 0;
        options.api_key = kKey;
        options.request_log = [this](const std::string& line) {
            std::lock_guard lock(lines_mutex_);
            lines_.push_back(line);
        };
        server_ = std::make_unique<server::HttpServer>(*host_, options);
        server_->start();
        port_ = server_->port();
        QVERIFY(port_ > 0);
    }

    void cleanupTestCase() {
        server_.reset();
        engine_.reset();
    }

    void a_missing_key_and_a_wrong_key_are_told_apart() {
        const Answer missing = send(port_, "GET", "/v1/models");
        QCOMPARE(missing.status, 401);
        QCOMPARE(missing.error["type"], Json("authentication_error"));
        QVERIFY2(message(missing).find("no API key was sent") != std::string::npos, message(missing).c_str());
        QVERIFY2(message(missing).find("Authorization: Bearer") != std::string::npos, message(missing).c_str());

        const std::string guess = "sk-guessed-0123456789";
        const Answer wrong = send(port_, "GET", "/v1/models", {}, "Bearer " + guess);
        QCOMPARE(wrong.status, 401);
        QCOMPARE(wrong.error["type"], Json("authentication_error"));
        QVERIFY2(message(wrong).find("not this server's key") != std::string::npos, message(wrong).c_str());
        QVERIFY(message(wrong) != message(missing));
        QVERIFY2(wrong.body.find("guessed") == std::string::npos, wrong.body.c_str());   // never echoed

        const Answer basic = send(port_, "GET", "/v1/models", {}, "Basic dXNlcjpwYXNz");
        QCOMPARE(basic.status, 401);
        QVERIFY2(message(basic).find("no Bearer key") != std::string::npos, message(basic).c_str());
        QCOMPARE(send(port_, "GET", "/v1/models", {}, "Bearer ").status, 401);
        QVERIFY(message(send(port_, "GET", "/v1/models", {}, "Bearer ")).find("no API key") != std::string::npos);

        for (const Answer& refused : {missing, wrong, basic}) {
            QCOMPARE(httplib::detail::get_header_value(refused.headers, "WWW-Authenticate", 0, ""),
                     std::string("Bearer"));
            QCOMPARE(refused.error["code"], Json(401));
        }
        QCOMPARE(send(port_, "GET", "/v1/models", {}, "bearer " + kKey).status, 200);   // the scheme's case is free
        QCOMPARE(send(port_, "GET", "/health").status, 200);                             // needs no key
    }

    void a_method_a_path_does_not_take_gets_405_with_allow() {
        const std::string bearer = "Bearer " + kKey;
        struct Case {
            const char* method;
            const char* path;
            const char* allow;
        };
        for (const Case& c : {Case{"GET", "/v1/chat/completions", "POST"}, Case{"GET", "/v1/completions", "POST"},
                              Case{"HEAD", "/v1/chat/completions", "POST"}, Case{"POST", "/v1/models", "GET, HEAD"},
                              Case{"DELETE", "/v1/models/tiny-mxfp4", "GET, HEAD"}, Case{"PUT", "/health", "GET, HEAD"},
                              Case{"OPTIONS", "/metrics", "GET, HEAD"}, Case{"PATCH", "/v1/completions", "POST"}}) {
            const std::string body = std::string(c.method) == "GET" || std::string(c.method) == "HEAD" ? "" : "{}";
            const Answer answer = send(port_, c.method, c.path, body, bearer);
            const std::string what = std::string(c.method) + " " + c.path;
            QVERIFY2(answer.status == 405, (what + " gave " + std::to_string(answer.status)).c_str());
            QCOMPARE(httplib::detail::get_header_value(answer.headers, "Allow", 0, ""), std::string(c.allow));
            if (std::string(c.method) == "HEAD") continue;   // a HEAD answer has no body
            QCOMPARE(answer.error["code"], Json(405));
            QCOMPARE(answer.error["type"], Json("invalid_request_error"));
            QVERIFY2(message(answer).find(std::string("takes ") + c.allow) != std::string::npos, message(answer).c_str());
        }
        // Paths the server does not serve stay 404, whatever the method.
        for (const char* method : {"GET", "POST", "DELETE"}) {
            const Answer answer = send(port_, method, "/v1/embeddings", std::string(method) == "GET" ? "" : "{}", bearer);
            QCOMPARE(answer.status, 404);
            QCOMPARE(answer.error["code"], Json(404));
        }
        QCOMPARE(send(port_, "GET", "/v1/models/", {}, bearer).status, 404);
        // The key is checked first: a stranger learns nothing about the routes.
        QCOMPARE(send(port_, "GET", "/v1/chat/completions").status, 401);
        QCOMPARE(send(port_, "GET", "/v1/models", {}, bearer).status, 200);
    }

    void each_request_is_logged_in_one_line() {
        const std::string bearer = "Bearer " + kKey;
        const Answer answer = send(port_, "POST", "/v1/chat/completions", chat_body(3), bearer);
        QCOMPARE(answer.status, 200);
        const Json usage = Json::parse(answer.body)["usage"];
        const std::string tokens = "prompt_tokens=" + std::to_string(usage["prompt_tokens"].get<int>()) +
                                   " completion_tokens=" + std::to_string(usage["completion_tokens"].get<int>());
        const std::string chat = line_with("POST /v1/chat/completions 200 ");
        QVERIFY2(chat.find(tokens) != std::string::npos, (chat + " | " + tokens).c_str());
        const QRegularExpression shape(R"(^POST /v1/chat/completions 200 prompt_tokens=\d+ completion_tokens=\d+ )"
                                       R"(time_ms=\d+\.\d client=127\.0\.0\.1$)");
        QVERIFY2(shape.match(QString::fromStdString(chat)).hasMatch(), chat.c_str());

        // A stream's line comes at its end, with its tokens.
        {
            std::lock_guard lock(lines_mutex_);
            lines_.clear();
        }
        const Answer streamed = send(port_, "POST", "/v1/completions",
                                     Json{{"prompt", "once upon"}, {"max_tokens", 4}, {"stream", true}}.dump(), bearer);
        QCOMPARE(streamed.status, 200);
        const std::string stream_line = line_with("POST /v1/completions 200 ");
        QVERIFY2(stream_line.find(" completion_tokens=") != std::string::npos, stream_line.c_str());

        // Refusals have no tokens; a path that could break the line is escaped, the key never shown.
        send(port_, "GET", "/v1/models", {}, "Bearer not-the-key");
        const std::string refused = line_with("GET /v1/models 401 ");
        QVERIFY2(refused.find("tokens") == std::string::npos && refused.find("not-the-key") == std::string::npos,
                 refused.c_str());
        send(port_, "GET", "/no%0Aevil%1B[31m%20path", {}, bearer);
        const std::string escaped = line_with("GET /no%0Aevil%1B[31m%20path 404 ");
        QVERIFY2(!escaped.empty(), lines().empty() ? "no line" : lines().back().c_str());
        QVERIFY(escaped.find('\n') == std::string::npos && escaped.find('\x1b') == std::string::npos);
        send(port_, "GET", "/health");
        QVERIFY(!line_with("GET /health 200 ").empty());
        for (const std::string& line : lines()) QVERIFY2(line.find(kKey) == std::string::npos, line.c_str());
    }

    void metrics_have_latency_histograms() {
        const std::string bearer = "Bearer " + kKey;
        QCOMPARE(send(port_, "POST", "/v1/chat/completions", chat_body(4), bearer).status, 200);
        const std::string text = send(port_, "GET", "/metrics", {}, bearer).body;
        for (const char* type : {"# TYPE peng_time_to_first_token_seconds histogram",
                                 "# TYPE peng_decode_seconds_per_token histogram",
                                 "# TYPE peng_request_duration_seconds histogram"})
            QVERIFY2(text.find(type) != std::string::npos, type);

        struct Family {
            std::string bucket_prefix, count, sum;
        };
        const std::string chat_label = "endpoint=\"/v1/chat/completions\"";
        for (const Family& f :
             {Family{"peng_time_to_first_token_seconds_bucket{", "peng_time_to_first_token_seconds_count",
                     "peng_time_to_first_token_seconds_sum"},
              Family{"peng_decode_seconds_per_token_bucket{", "peng_decode_seconds_per_token_count",
                     "peng_decode_seconds_per_token_sum"},
              Family{"peng_request_duration_seconds_bucket{" + chat_label + ",",
                     "peng_request_duration_seconds_count{" + chat_label + "}",
                     "peng_request_duration_seconds_sum{" + chat_label + "}"}}) {
            const auto series = buckets(text, f.bucket_prefix);
            QVERIFY2(series.size() >= 8, f.bucket_prefix.c_str());
            QCOMPARE(series.back().first, std::string("+Inf"));
            for (size_t i = 1; i < series.size(); ++i) {
                QVERIFY(std::stod(series[i - 1].first) < (series[i].first == "+Inf" ? 1e300 : std::stod(series[i].first)));
                QVERIFY(series[i - 1].second <= series[i].second);   // cumulative
            }
            const double count = sample(text, f.count);
            QVERIFY2(count >= 1, f.count.c_str());   // at least this test's generation
            QCOMPARE(series.back().second, count);
            QVERIFY2(sample(text, f.sum) > 0, f.sum.c_str());
        }
        // Each endpoint asked has its own duration series; health checks are among them.
        QVERIFY(text.find("peng_request_duration_seconds_count{endpoint=\"/health\"}") != std::string::npos);
    }

    // The CLI logs each request on stderr, and --no-log turns that off.
    void the_cli_logs_unless_told_not_to() {
        for (const bool quiet : {false, true}) {
            QProcess serve;
            QStringList args{"serve", QString::fromStdString(kModel), "--port", "0", "--history", "none", "--kv-store", "none"};
            if (quiet) args << "--no-log";
            serve.start(PENG_CLI_PATH, args);
            QVERIFY(serve.waitForStarted(10000));
            QString out;
            const QRegularExpression url(R"(http://127\.0\.0\.1:(\d+)/v1)");
            QRegularExpressionMatch match;
            for (int i = 0; i < 600 && !(match = url.match(out)).hasMatch(); ++i) {
                serve.waitForReadyRead(100);
                out += QString::fromUtf8(serve.readAllStandardOutput());
            }
            QVERIFY2(match.hasMatch(), qPrintable(out + serve.readAllStandardError()));
            const int port = match.captured(1).toInt();
            QCOMPARE(send(port, "GET", "/v1/models").status, 200);
            QCOMPARE(send(port, "GET", "/v1/chat/completions").status, 405);
            serve.terminate();   // SIGTERM: it finishes what runs and exits
            QVERIFY(serve.waitForFinished(30000));
            QCOMPARE(serve.exitCode(), 0);
            const QString err = QString::fromUtf8(serve.readAllStandardError());
            QCOMPARE(err.contains(QRegularExpression(R"(^GET /v1/models 200 time_ms=\S+ client=127\.0\.0\.1$)",
                                                     QRegularExpression::MultilineOption)),
                     !quiet);
            QCOMPARE(err.contains("GET /v1/chat/completions 405 "), !quiet);
        }
    }
};

QTEST_GUILESS_MAIN(ServerConventionsTest)
#include "test_server_conventions.moc"
