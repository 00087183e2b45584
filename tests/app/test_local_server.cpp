// Settings' "Serve this model on localhost" (LocalServer) on the tiny checkpoint the
// window has open: it starts with the model when it was on at the last launch, answers
// /health, /v1/models and chat completions over HTTP, shares the one engine with the
// window's chat in arrival order without either corrupting the other's answers (each
// equals its greedy answer computed alone), keeps Stop working while the window waits
// for its turn, counts requests, guards with a key kept in a 0600 file, frees its port
// when stopped and says so clearly when the port is taken.
#include <QElapsedTimer>
#include <QFileInfo>

#include "controller_fixture.h"
#include "engine_worker.h"
#include "local_server.h"
#include "server_key_file.h"

#ifdef PENG_HAS_SERVER
#include <httplib.h>

#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <optional>
#endif

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;
constexpr int kAnswerTokens = 24;

#ifdef PENG_HAS_SERVER
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

struct HttpAnswer {
    int status = 0;   // 0: no answer (connection refused, timeout)
    Json body;
    Clock::time_point received;
};

httplib::Headers auth(const std::string& key) {
    if (key.empty()) return {};
    return {{"Authorization", "Bearer " + key}};
}

HttpAnswer read(const httplib::Result& result) {
    HttpAnswer answer;
    answer.received = Clock::now();
    if (!result) return answer;
    answer.status = result->status;
    answer.body = Json::parse(result->body, nullptr, false);
    return answer;
}

httplib::Client client(int port) {
    httplib::Client c("127.0.0.1", port);
    c.set_connection_timeout(5);
    c.set_read_timeout(kTimeout / 1000);
    return c;
}

HttpAnswer get(int port, const std::string& path, const std::string& key = {}) {
    return read(client(port).Get(path, auth(key)));
}

// A greedy chat completion of one user message.
HttpAnswer chat(int port, const std::string& text, const std::string& key = {}) {
    const Json body = {{"messages", {{{"role", "user"}, {"content", text}}}},
                       {"temperature", 0},
                       {"max_tokens", kAnswerTokens}};
    return read(client(port).Post("/v1/chat/completions", auth(key), body.dump(), "application/json"));
}

// What a chat completion said, for comparing answers: the message and its length.
Json said(const HttpAnswer& answer) {
    if (answer.status != 200) return {{"status", answer.status}, {"body", answer.body}};
    return {{"message", answer.body["choices"][0]["message"]},
            {"completion_tokens", answer.body["usage"]["completion_tokens"]}};
}
#endif
}  // namespace

class TestLocalServer : public QObject, ControllerFixture {
    Q_OBJECT
    std::unique_ptr<LocalServer> server_;

    // The last answer of the window's current conversation: its text and length.
    QString lastAnswer() const {
        const ChatModel* chat = store_->messages();
        const ChatMessage m = chat->message(chat->rowCount() - 1);
        return m.thinking + QStringLiteral("|") + m.content + QStringLiteral("|") +
               m.stats.value(QStringLiteral("completionTokens")).toString();
    }
    QVariantMap lastStats() const {
        const ChatModel* chat = store_->messages();
        return chat->message(chat->rowCount() - 1).stats;
    }

#ifdef PENG_HAS_SERVER
    int port_ = 0;
    int requests_ = 0;   // every HTTP request this test sent the server since it started
    QString window_alone_, window_conversation_;
    Json http_alone_;

    HttpAnswer counted(HttpAnswer answer) {
        ++requests_;
        return answer;
    }
#endif

public:
    TestLocalServer() : ControllerFixture(kTimeout) {}

private slots:
    void initTestCase() {
        makeController([](AppSettings& s) {
            s.setTemperature(0);  // greedy: each answer is the same every time
            s.setMaxTokens(kAnswerTokens);
            s.setServerPort(0);   // any free port
            s.setServerEnabled(true);  // as if it was on when the app last quit
            ServerKeyFile().save({});
        });
        server_ = std::make_unique<LocalServer>(engine_.get(), settings_.get(), nullptr);
    }

#ifdef PENG_HAS_SERVER
    void startsWithTheModelWhenItWasOn() {
        QVERIFY(LocalServer::available());
        QVERIFY(!server_->running());  // no model yet
        engine_->openModel(kFixture);
        waitReady();
        QVERIFY2(server_->running(), qPrintable(server_->errorText()));
        port_ = server_->listeningPort();
        QVERIFY(port_ > 0);
        QCOMPARE(server_->url(), QStringLiteral("http://127.0.0.1:%1/v1").arg(port_));
    }

    void answersHealthAndModels() {
        const HttpAnswer health = counted(get(port_, "/health"));
        QCOMPARE(health.status, 200);
        QCOMPARE(health.body.value("model", ""), std::string("tiny-mxfp4"));
        const HttpAnswer models = counted(get(port_, "/v1/models"));
        QCOMPARE(models.status, 200);
        QCOMPARE(models.body["data"].size(), size_t(1));
        QCOMPARE(models.body["data"][0].value("id", ""), std::string("tiny-mxfp4"));
    }

    // Each side's greedy answer with the engine to itself: what sharing must not change.
    void answersAlone() {
        window_conversation_ = store_->currentId();
        engine_->send(QStringLiteral("Hello there"));
        waitReady();
        window_alone_ = lastAnswer();
        QVERIFY(lastStats().value(QStringLiteral("completionTokens")).toInt() > 0);
        const HttpAnswer alone = counted(chat(port_, "Tell me about ducks"));
        QCOMPARE(alone.status, 200);
        http_alone_ = said(alone);
        QVERIFY(http_alone_["completion_tokens"].get<int>() > 0);
    }

    // Both wait while the engine is busy; released, they run one after the other in
    // arrival order, and each gives its answer computed alone.
    void windowAndServerTakeTurns() {
        EngineTurns& turns = engine_->turns();
        for (const bool window_first : {true, false}) {
            std::optional<EngineTurns::Turn> busy(turns.take());  // a long request, say
            std::future<HttpAnswer> http;
            const auto send_http = [&] {
                http = std::async(std::launch::async, [port = port_] { return chat(port, "Tell me about ducks"); });
                ++requests_;
            };
            // When the worker ends the window's answer, still holding its turn.
            const auto window_done = std::make_shared<std::atomic<int64_t>>(0);
            const QMetaObject::Connection done = connect(
                engine_->worker(), &EngineWorker::finished, engine_->worker(),
                [window_done](quint64, const GenerationStats&) { *window_done = Clock::now().time_since_epoch().count(); },
                Qt::DirectConnection);

            store_->newConversation();
            if (window_first) {
                engine_->send(QStringLiteral("Hello there"));
                QTRY_COMPARE(turns.host().waiting(), 1);
                send_http();
            } else {
                send_http();
                QTRY_COMPARE(turns.host().waiting(), 1);
                engine_->send(QStringLiteral("Hello there"));
            }
            QTRY_COMPARE(turns.host().waiting(), 2);
            QTest::qWait(200);
            QCOMPARE(http.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
            QCOMPARE(engine_->state(), EngineController::Generating);
            QVERIFY(store_->messages()->message(1).content.isEmpty());

            busy.reset();
            QTRY_VERIFY_WITH_TIMEOUT(http.wait_for(std::chrono::seconds(0)) == std::future_status::ready, kTimeout);
            const HttpAnswer answer = http.get();
            waitReady();
            disconnect(done);
            QVERIFY(window_done->load() > 0);
            QCOMPARE(lastAnswer(), window_alone_);
            QCOMPARE(said(answer), http_alone_);
            // The window's turn came first, so it ended before the server's answer arrived.
            if (window_first) QVERIFY(window_done->load() < answer.received.time_since_epoch().count());
        }
    }

    // The window's cached conversation survived the server's requests: its answer is
    // the same, and all of its prompt but the last token comes from the cache.
    void windowConversationKeepsItsCache() {
        store_->select(window_conversation_);
        engine_->regenerate();
        waitReady();
        QCOMPARE(lastAnswer(), window_alone_);
        const QVariantMap stats = lastStats();
        QCOMPARE(stats.value(QStringLiteral("reusedTokens")).toInt(), stats.value(QStringLiteral("promptTokens")).toInt() - 1);
    }

    // Stop ends an answer still waiting for its turn, without waiting for the turn.
    void stopWorksWhileWaiting() {
        std::optional<EngineTurns::Turn> busy(engine_->turns().take());
        store_->newConversation();
        engine_->send(QStringLiteral("Wait for me"));
        QTRY_COMPARE(engine_->turns().host().waiting(), 1);
        engine_->stop();
        QTRY_VERIFY_WITH_TIMEOUT(engine_->state() == EngineController::Ready, 5000);
        QCOMPARE(lastStats().value(QStringLiteral("stopReason")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(lastStats().value(QStringLiteral("completionTokens")).toInt(), 0);
        QCOMPARE(engine_->turns().host().waiting(), 0);
    }

    void countsRequests() {
        QTRY_COMPARE_WITH_TIMEOUT(server_->requestCount(), qint64(requests_), 5000);
        QSignalSpy spy(server_.get(), &LocalServer::requestCountChanged);
        counted(get(port_, "/health"));
        QTRY_COMPARE_WITH_TIMEOUT(server_->requestCount(), qint64(requests_), 5000);
        QVERIFY(spy.count() >= 1);
    }

    void keyGuardsTheServer() {
        server_->generateKey();
        const std::string key = server_->apiKey().toStdString();
        QVERIFY(server_->apiKey().startsWith(QStringLiteral("peng-")));
        QCOMPARE(server_->apiKey().size(), 5 + 48);
        QVERIFY(server_->running());  // restarted with the key
        port_ = server_->listeningPort();

        // Kept where only its owner can read it, in peng-cli's --api-key-file format.
        const ServerKeyFile file;
        QCOMPARE(file.load(), server_->apiKey());
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                                QFileDevice::ReadOther | QFileDevice::WriteOther;
        QCOMPARE(QFileInfo(file.path()).permissions() & others, QFileDevice::Permissions());

        QCOMPARE(get(port_, "/v1/models").status, 401);
        QCOMPARE(get(port_, "/v1/models", key).status, 200);
        QCOMPARE(get(port_, "/health").status, 200);

        server_->generateKey();
        QVERIFY(server_->apiKey().toStdString() != key);

        server_->setApiKey(QStringLiteral("two words"));
        QVERIFY(server_->errorText().contains(QStringLiteral("spaces")));
        QVERIFY(server_->apiKey() != QStringLiteral("two words"));

        server_->clearKey();
        QVERIFY(server_->apiKey().isEmpty());
        QVERIFY(!QFileInfo::exists(file.path()));
        port_ = server_->listeningPort();
        QCOMPARE(get(port_, "/v1/models").status, 200);
    }

    void stopFreesThePort() {
        const int port = server_->listeningPort();
        server_->stop();
        QVERIFY(!server_->running());
        QVERIFY(!settings_->serverEnabled());  // not again at the next launch
        QCOMPARE(get(port, "/health").status, 0);
        // Free to serve on again (the taken-port case below shows a held one is refused).
        server_->setPort(port);
        QVERIFY2(server_->start(), qPrintable(server_->errorText()));
        QCOMPARE(server_->listeningPort(), port);
        server_->stop();
    }

    void takenPortSaysSo() {
        httplib::Server holder;
        const int taken = holder.bind_to_any_port("127.0.0.1");
        QVERIFY(taken > 0);
        server_->setPort(taken);
        QCOMPARE(server_->url(), QStringLiteral("http://127.0.0.1:%1/v1").arg(taken));
        QVERIFY(!server_->start());
        QVERIFY(!server_->running());
        QVERIFY2(server_->errorText().contains(QString::number(taken)) && server_->errorText().contains(QStringLiteral("taken")),
                 qPrintable(server_->errorText()));

        server_->setPort(0);
        QVERIFY2(server_->start(), qPrintable(server_->errorText()));
        QVERIFY(server_->errorText().isEmpty());
        server_->stop();
    }

    // Quitting while the server streams an answer and the window waits for its turn:
    // the server stops first (as main.cpp orders it), its answer ends at the next token,
    // and the engine goes away without hanging.
    void quittingWhileServingDoesNotHang() {
        QVERIFY2(server_->start(), qPrintable(server_->errorText()));
        const auto received = std::make_shared<std::atomic<size_t>>(0);
        std::future<int> http = std::async(std::launch::async, [port = server_->listeningPort(), received] {
            httplib::Client c = client(port);
            httplib::Request request;
            request.method = "POST";
            request.path = "/v1/chat/completions";
            request.set_header("Content-Type", "application/json");
            request.body = Json{{"messages", {{{"role", "user"}, {"content", "Tell me a long story"}}}},
                                {"temperature", 0},
                                {"stream", true}}
                               .dump();
            request.content_receiver = [received](const char*, size_t size, uint64_t, uint64_t) {
                *received += size;
                return true;
            };
            const httplib::Result result = c.send(request);
            return result ? result->status : 0;
        });
        QTRY_VERIFY_WITH_TIMEOUT(received->load() > 0, kTimeout);
        store_->newConversation();
        engine_->send(QStringLiteral("Hello there"));
        QTRY_COMPARE(engine_->turns().host().waiting(), 1);
        QCOMPARE(http.wait_for(std::chrono::seconds(0)), std::future_status::timeout);  // still streaming

        QElapsedTimer quitting;
        quitting.start();
        server_.reset();
        engine_.reset();
        QVERIFY2(quitting.elapsed() < 10000, qPrintable(QString::number(quitting.elapsed())));
        QCOMPARE(http.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        QCOMPARE(http.get(), 200);  // the stream had begun: it ends early, not with an error status
    }
#else
    void withoutTheServerTheSwitchIsUnavailable() {
        QVERIFY(!LocalServer::available());
        QVERIFY(!server_->start());
        QVERIFY(!server_->running());
        QVERIFY(server_->errorText().contains(QStringLiteral("PENG_SERVER")));
    }
#endif

    void cleanupTestCase() {
        server_.reset();  // before the engine, as in main.cpp
        engine_.reset();
        store_.reset();
        settings_->setServerEnabled(false);
        settings_->restoreDefaults();
        ServerKeyFile().save({});
    }
};

QTEST_GUILESS_MAIN(TestLocalServer)
#include "test_local_server.moc"
