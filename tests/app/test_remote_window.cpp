// The window's server backend end to end: EngineController chatting through a real
// `peng-cli serve` on the tiny fixture (the same answer as the local engine, stats,
// the brain lit where the server's routing says, the backend remembered by the
// conversation) and its failures: server down, killed mid-answer, wrong key, no
// routing, a malformed stream.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <cstring>

#include "controller_fixture.h"
#include "remote_test_servers.h"

namespace {

const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;
const QString kPrompt = QStringLiteral("Hello there");

// (decoder layer, expert) cells the server reports for a plain request with the same
// turns: decoded here from the base64, independently of the app's client.
QSet<QPair<int, int>> reported_cells(const QString& url, const QList<ChatTurn>& turns, bool thinking, int max_tokens,
                                     const QVariantList& moe_layer, int top_k) {
    QJsonArray messages;
    for (const ChatTurn& t : turns) messages.append(QJsonObject{{"role", t.role}, {"content", t.content}});
    const QJsonObject body{{"messages", messages},
                           {"max_tokens", max_tokens},
                           {"temperature", 0},
                           {"return_routed_experts", true},
                           {"chat_template_kwargs", QJsonObject{{"enable_thinking", thinking}}}};
    QNetworkAccessManager network;
    QNetworkRequest request(QUrl(url + QStringLiteral("/chat/completions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    std::unique_ptr<QNetworkReply> reply(network.post(request, QJsonDocument(body).toJson()));
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, kWaitMs)) return {};
    const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
    const QByteArray raw = QByteArray::fromBase64(answer["sglext"].toObject()["routed_experts"].toString().toLatin1());
    QList<int> moe_layers;   // MoE layer index -> decoder layer
    for (int l = 0; l < moe_layer.size(); ++l)
        if (moe_layer[l].toBool()) moe_layers.append(l);
    const qsizetype ids = raw.size() / 4, per_position = qsizetype(moe_layers.size()) * top_k;
    QSet<QPair<int, int>> cells;
    for (qsizetype i = 0; i < ids; ++i) {
        qint32 id;
        std::memcpy(&id, raw.constData() + 4 * i, 4);   // little-endian, as the host here
        if (id >= 0) cells.insert({moe_layers[int((i % per_position) / top_k)], id});
    }
    return cells;
}

// A fake server with one model (no shape fields, as vLLM's), answering chats with `stream`.
QByteArray fake_answer(const QByteArray& request, const QByteArray& stream, const QByteArray& model = "fake-model") {
    if (request.startsWith("GET /v1/models"))
        return http_response("200 OK", "application/json",
                             R"({"object":"list","data":[{"id":")" + model + R"(","object":"model","owned_by":"test"}]})");
    return stream;
}

}  // namespace

class TestRemoteWindow : public QObject, ControllerFixture {
    Q_OBJECT
    PengServer server_;
    ChatMessage local_answer_;

    // useServer's outcome: "" on success, else the message.
    QString useServer(const QString& url, const QString& key = {}, const QString& model = {}) {
        QSignalSpy connected(engine_.get(), &EngineController::serverConnected);
        engine_->useServer(url, key, model);
        if (connected.isEmpty() && !connected.wait(kTimeout)) return QStringLiteral("no answer");   // a refusal comes at once
        return connected.at(0).at(0).toBool() ? QString() : connected.at(0).at(1).toString();
    }
    ChatMessage lastMessage() const { return store_->messages()->message(store_->messages()->rowCount() - 1); }

public:
    TestRemoteWindow() : ControllerFixture(kTimeout) {}

private slots:
    void initTestCase() {
        makeController([](AppSettings& s) {
            s.setTemperature(0);   // greedy here, and temperature 0 (greedy) on the server
            s.setMaxTokens(12);
        });
        engine_->remoteClient()->setTimeouts(20000, 60000);
        engine_->openModel(kFixture);
        waitReady();
        QVERIFY(server_.start());
        // The local answer, for comparison with the server's.
        engine_->send(kPrompt);
        waitReady();
        local_answer_ = lastMessage();
        QVERIFY(!local_answer_.content.isEmpty() || !local_answer_.thinking.isEmpty());
        QVERIFY(local_answer_.backend.isEmpty());
    }

    void serverAnswersLikeThisComputer() {
        const QVariantMap local_model = engine_->modelInfo();
        QCOMPARE(useServer(server_.url), QString());
        QCOMPARE(engine_->backend(), QStringLiteral("server"));
        const QString host = QUrl(server_.url).host() + QLatin1Char(':') + QString::number(QUrl(server_.url).port());
        QCOMPARE(engine_->remoteHost(), host);
        QCOMPARE(engine_->remoteModel(), server_.model);
        QVERIFY(engine_->modelInfo().value("remote").toBool());
        QVERIFY(!engine_->randomWeights());   // no "exact" or local badges for a server's model
        // The grid's shape from the server's /v1/models fields: the fixture's.
        QCOMPARE(engine_->brain()->layers(), local_model.value("layers").toInt());
        QCOMPARE(engine_->brain()->experts(), local_model.value("experts").toInt());
        QVERIFY(engine_->profile()->measuredAtClient());

        store_->newConversation();
        engine_->send(kPrompt);
        QCOMPARE(engine_->state(), EngineController::Generating);
        waitReady();
        const ChatMessage answer = lastMessage();
        QVERIFY2(answer.error.isEmpty(), qPrintable(answer.error));
        QCOMPARE(answer.content, local_answer_.content);
        QCOMPARE(answer.thinking, local_answer_.thinking);
        QCOMPARE(answer.backend, QStringLiteral("server %1 (%2)").arg(host, server_.model));
        QVERIFY(answer.interrupted.isEmpty());

        // Stats: the server's usage and what the client measured.
        QCOMPARE(answer.stats.value("completionTokens").toInt(), local_answer_.stats.value("completionTokens").toInt());
        QCOMPARE(answer.stats.value("promptTokens").toInt(), local_answer_.stats.value("promptTokens").toInt());
        QCOMPARE(answer.stats.value("stopReason").toString(), local_answer_.stats.value("stopReason").toString());
        QVERIFY(answer.stats.value("ttft").toDouble() > 0);
        QVERIFY(answer.stats.value("tokensPerSecond").toDouble() > 0);
        QCOMPARE(answer.stats.value("remoteHost").toString(), host);
        QCOMPARE(engine_->lastStats(), answer.stats);
        QVERIFY(engine_->profile()->ttftSeconds() > 0);
        QVERIFY(engine_->profile()->count() > 0);

        // The brain: lit at exactly the cells the server reports for the same request.
        const int prompt = answer.stats.value("promptTokens").toInt();
        QCOMPARE(engine_->routedTokens(), prompt + answer.stats.value("completionTokens").toInt() - 1);
        QList<ChatTurn> turns = store_->messages()->turns(store_->systemPrompt());
        turns.removeLast();   // the answer
        const QSet<QPair<int, int>> reported =
            reported_cells(server_.url, turns, store_->thinking(), settings_->maxTokens(),
                           local_model.value("moeLayer").toList(), local_model.value("expertsPerToken").toInt());
        QVERIFY(!reported.isEmpty());
        BrainModel* brain = engine_->brain();
        for (int l = 0; l < brain->layers(); ++l)
            for (int e = 0; e < brain->experts(); ++e) {
                const bool lit = brain->cellAt((e + 0.5) / brain->experts(), (l + 0.5) / brain->layers()).value("routed").toInt() > 0;
                QVERIFY2(lit == reported.contains({l, e}), qPrintable(QStringLiteral("layer %1 expert %2").arg(l).arg(e)));
                if (local_model.value("moeLayer").toList().at(l).toBool()) QCOMPARE(brain->tier(l, e), BrainTier::Remote);
            }
        QVERIFY(engine_->brainNote().isEmpty());

        // The conversation on disk remembers who answered what.
        ConversationStore reread(dir_.path(), nullptr);
        reread.select(store_->currentId());
        QCOMPARE(reread.messages()->message(1).backend, answer.backend);
    }

    void backToThisComputer() {
        engine_->useLocal();
        waitReady();
        QCOMPARE(engine_->backend(), QStringLiteral("local"));
        QVERIFY(engine_->remoteHost().isEmpty());
        QVERIFY(!engine_->modelInfo().value("remote").toBool());
        QVERIFY(!engine_->profile()->measuredAtClient());
        engine_->regenerate();
        waitReady();
        QCOMPARE(lastMessage().content, local_answer_.content);
        QVERIFY(lastMessage().backend.isEmpty());
    }

    void serverDownAtStart() {
        QTcpServer probe;   // a port free a moment ago that nobody listens on now
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const QString url = QStringLiteral("http://127.0.0.1:%1/v1").arg(probe.serverPort());
        probe.close();
        const QString why = useServer(url);
        QVERIFY2(why.contains(QLatin1String("connection refused")), qPrintable(why));
        QCOMPARE(engine_->backend(), QStringLiteral("local"));
        QCOMPARE(engine_->state(), EngineController::Ready);   // the local model still answers
        QCOMPARE(engine_->errorText(), why);
    }

    void wrongKey() {
        PengServer locked;
        QVERIFY(locked.startWithKey("right-key"));
        const QString why = useServer(locked.url, QStringLiteral("wrong-key"));
        QVERIFY2(why.contains(QLatin1String("refused the API key (HTTP 401)")), qPrintable(why));
        QCOMPARE(engine_->backend(), QStringLiteral("local"));
        // The settings dialog's test reports the same without switching.
        QSignalSpy tested(engine_.get(), &EngineController::serverTested);
        engine_->testServer(locked.url, QStringLiteral("right-key"), {});
        QVERIFY(tested.wait(kTimeout));
        QVERIFY(tested.at(0).at(0).toBool());
        QCOMPARE(tested.at(0).at(2).toStringList(), QStringList{locked.model});
        QCOMPARE(engine_->backend(), QStringLiteral("local"));
        QCOMPARE(useServer(locked.url, QStringLiteral("right-key")), QString());
        engine_->useLocal();
        waitReady();
    }

    void serverKilledMidAnswer() {
        PengServer doomed;
        QVERIFY(doomed.start());
        QCOMPARE(useServer(doomed.url), QString());
        settings_->setMaxTokens(1000);
        store_->newConversation();
        QSignalSpy streamed(store_->messages(), &QAbstractItemModel::dataChanged);
        engine_->send(QStringLiteral("Tell a long story."));
        QTRY_VERIFY_WITH_TIMEOUT(streamed.count() > 0, kTimeout);   // the first text arrived
        QVERIFY(useServer(server_.url).contains(QLatin1String("Stop the answer")));   // no switching mid-answer
        doomed.kill();
        waitReady();
        settings_->setMaxTokens(12);
        const ChatMessage answer = lastMessage();
        QVERIFY2(answer.interrupted.contains(QLatin1String("partial answer is kept")), qPrintable(answer.interrupted + answer.error));
        QVERIFY(!answer.content.isEmpty() || !answer.thinking.isEmpty());
        QVERIFY(answer.error.isEmpty());
        // Saved: the partial answer and the note are on disk.
        ConversationStore reread(dir_.path(), nullptr);
        reread.select(store_->currentId());
        const ChatMessage saved = reread.messages()->message(1);
        QCOMPARE(saved.content, answer.content);
        QCOMPARE(saved.thinking, answer.thinking);
        QCOMPARE(saved.interrupted, answer.interrupted);
        engine_->useLocal();
        waitReady();
    }

    void serverWithoutRouting() {
        FakeServer vllm([](const QByteArray& request) {
            return fake_answer(request, event_stream(
                "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi!\"},\"finish_reason\":\"stop\"}]}\n\n"
                "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":2,\"total_tokens\":11}}\n\n"
                "data: [DONE]\n\n"), "XiaomiMiMo/MiMo-V2-Flash");
        });
        QCOMPARE(useServer(vllm.url()), QString());
        QCOMPARE(engine_->remoteModel(), QStringLiteral("XiaomiMiMo/MiMo-V2-Flash"));
        // The grid's shape from the known checkpoint's name: Flash's 48 layers x 256 experts.
        QCOMPARE(engine_->brain()->layers(), 48);
        QCOMPARE(engine_->brain()->experts(), 256);
        store_->newConversation();
        engine_->send(kPrompt);
        waitReady();
        QCOMPARE(lastMessage().content, QStringLiteral("Hi!"));
        QCOMPARE(lastMessage().stats.value("completionTokens").toInt(), 2);
        QCOMPARE(engine_->routedTokens(), 0);
        // Nothing to light: the note says why and how to enable it.
        QVERIFY2(engine_->brainNote().contains(QLatin1String("--enable-return-routed-experts")), qPrintable(engine_->brainNote()));
        QCOMPARE(engine_->brain()->activeExperts(), 0);
        QCOMPARE(engine_->brain()->rows(), 0);   // no routing row was folded in
        engine_->useLocal();
        waitReady();
        QVERIFY(engine_->brainNote().isEmpty());
    }

    void malformedStream() {
        FakeServer broken([](const QByteArray& request) {
            return fake_answer(request, event_stream("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Part\"}}]}\n\n"
                                                     "data: {\"choices\": [oops\n\ndata: [DONE]\n\n"));
        });
        QCOMPARE(useServer(broken.url()), QString());
        store_->newConversation();
        engine_->send(kPrompt);
        waitReady();
        const ChatMessage answer = lastMessage();
        QVERIFY2(answer.error.contains(QLatin1String("not JSON")), qPrintable(answer.error));
        QCOMPARE(answer.content, QStringLiteral("Part"));   // what came before stays
        engine_->useLocal();
        waitReady();
    }
};

QTEST_MAIN(TestRemoteWindow)
#include "test_remote_window.moc"
