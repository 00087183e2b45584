// The remote client against a real `peng-cli serve` on the tiny fixture (started and
// killed by the test on a free loopback port), and against fake servers (a QTcpServer
// writing canned HTTP) for what a real one does not do: no routing, malformed events,
// no stream, silence, not an OpenAI API, TLS on a plain port.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QtTest>
#include <functional>

#include "remote_client.h"
#include "remote_test_servers.h"

namespace {

struct ChatOutcome {
    QString text;                       // the textDelta pieces, joined
    int deltas = 0;
    std::optional<RemoteFinish> finish;
    std::optional<RoutedExperts> routed;
    RemoteShape shape;
    std::optional<StreamUsage> usage;
    QString failed, interrupted;
    bool ended() const { return finish || !failed.isEmpty() || !interrupted.isEmpty(); }
};

ChatOutcome run_chat(RemoteClient& client, const RemoteChatRequest& request,
                     const std::function<void(ChatOutcome&)>& on_delta = {}) {
    ChatOutcome out;
    QObject context;
    QObject::connect(&client, &RemoteClient::textDelta, &context, [&](const QString& raw) {
        out.text += raw;
        ++out.deltas;
        if (on_delta) on_delta(out);
    });
    QObject::connect(&client, &RemoteClient::routedExperts, &context, [&](const RoutedExperts& r, const RemoteShape& s) {
        out.routed = r;
        out.shape = s;
    });
    QObject::connect(&client, &RemoteClient::usageReceived, &context, [&](const StreamUsage& u) { out.usage = u; });
    QObject::connect(&client, &RemoteClient::finished, &context, [&](const RemoteFinish& f) { out.finish = f; });
    QObject::connect(&client, &RemoteClient::failed, &context, [&](const QString& m) { out.failed = m; });
    QObject::connect(&client, &RemoteClient::interrupted, &context, [&](const QString& m) { out.interrupted = m; });
    client.startChat(request);
    if (!QTest::qWaitFor([&] { return out.ended(); }, kWaitMs)) qWarning("the chat did not end");
    QTest::qWait(50);   // nothing may follow the end
    return out;
}

RemoteModelsResult test_connection(RemoteClient& client, const QString& url, const QString& key, const QString& model = {}) {
    std::optional<RemoteModelsResult> result;
    QObject context;
    QObject::connect(&client, &RemoteClient::connectionTested, &context, [&](const RemoteModelsResult& r) { result = r; });
    client.testConnection(url, key, model);
    if (!QTest::qWaitFor([&] { return result.has_value(); }, kWaitMs)) qWarning("the connection test did not end");
    return result.value_or(RemoteModelsResult{RemoteOutcome::HttpError, QStringLiteral("no answer in time"), {}});
}

RemoteChatRequest chat_request(const QString& url, const QString& prompt, int max_tokens) {
    RemoteChatRequest r;
    r.base_url = url;
    r.turns = {ChatTurn{QStringLiteral("user"), prompt, {}}};
    r.sampling.temperature = 0;
    r.max_tokens = max_tokens;
    return r;
}

// The server's non-streamed answer to the same request, for comparison.
QJsonObject plain_answer(const RemoteChatRequest& r) {
    QNetworkAccessManager network;
    QJsonArray messages;
    for (const ChatTurn& t : r.turns) messages.append(QJsonObject{{QStringLiteral("role"), t.role}, {QStringLiteral("content"), t.content}});
    const QJsonObject body{{QStringLiteral("messages"), messages},
                           {QStringLiteral("max_tokens"), r.max_tokens},
                           {QStringLiteral("temperature"), 0},
                           {QStringLiteral("chat_template_kwargs"), QJsonObject{{QStringLiteral("enable_thinking"), r.thinking}}}};
    QNetworkRequest request(QUrl(r.base_url + QStringLiteral("/chat/completions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* reply = network.post(request, QJsonDocument(body).toJson());
    if (!QTest::qWaitFor([reply] { return reply->isFinished(); }, kWaitMs)) qWarning("no plain answer in time");
    const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
    delete reply;
    return answer;
}

}  // namespace

class TestRemoteClient : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void baseUrls();
    void connectionToPengServer();
    void streamedChatMatchesThePlainAnswer();
    void wrongOrMissingKey();
    void serverNotRunning();
    void serverKilledMidStream();
    void stopCancels();
    void serverWithoutRouting();
    void unlimitedAnswerSendsNoMaxTokens();
    void malformedStreams();
    void notAnOpenAiServer();
    void silentServerTimesOut();
    void tlsOnAPlainPort();
    void keyNotSentElsewhere();

private:
    PengServer peng_;
};

void TestRemoteClient::initTestCase() { QVERIFY(peng_.start()); }

void TestRemoteClient::baseUrls() {
    QString error;
    QCOMPARE(RemoteClient::apiBase(QStringLiteral("http://gpu-box:8000"), &error), QUrl(QStringLiteral("http://gpu-box:8000/v1")));
    QCOMPARE(RemoteClient::apiBase(QStringLiteral(" https://gpu-box/v1/ "), &error), QUrl(QStringLiteral("https://gpu-box/v1")));
    QCOMPARE(RemoteClient::apiBase(QStringLiteral("http://proxy/openai/v1"), &error), QUrl(QStringLiteral("http://proxy/openai/v1")));
    QCOMPARE(RemoteClient::apiBase(QStringLiteral("localhost:8080"), &error), QUrl(QStringLiteral("http://localhost:8080/v1")));
    QCOMPARE(RemoteClient::apiBase(QStringLiteral("http://gpu-box:8000/v1?x=1#y"), &error), QUrl(QStringLiteral("http://gpu-box:8000/v1")));
    QVERIFY(RemoteClient::apiBase(QStringLiteral("ftp://gpu-box"), &error).isEmpty());
    QVERIFY(error.contains(QLatin1String("http://")));
    RemoteClient client;
    const RemoteModelsResult bad = test_connection(client, QStringLiteral("file:///etc/passwd"), {});
    QCOMPARE(bad.outcome, RemoteOutcome::BadUrl);
}

void TestRemoteClient::connectionToPengServer() {
    RemoteClient client;
    const RemoteModelsResult ok = test_connection(client, peng_.url, {}, peng_.model);
    QVERIFY2(ok.ok(), qPrintable(ok.message));
    QCOMPARE(ok.models.size(), 1);
    const RemoteModel& m = ok.models[0];
    QCOMPARE(m.id, QStringLiteral("tiny-mxfp4"));
    QCOMPARE(m.context_tokens, 4096);
    QCOMPARE(m.shape.source, RemoteShape::Source::Server);
    QCOMPARE(m.shape.moe_layers, 5);
    QCOMPARE(m.shape.experts, 16);
    QCOMPARE(m.shape.experts_per_token, 8);

    const RemoteModelsResult missing = test_connection(client, peng_.url, {}, QStringLiteral("MiMo-V2-Flash"));
    QCOMPARE(missing.outcome, RemoteOutcome::NoSuchModel);
    QVERIFY2(missing.message.contains(QLatin1String("does not serve MiMo-V2-Flash. It serves: tiny-mxfp4")), qPrintable(missing.message));

    std::optional<RemoteModelsResult> listed;
    connect(&client, &RemoteClient::modelsListed, this, [&](const RemoteModelsResult& r) { listed = r; });
    client.listModels(peng_.url, {});
    QVERIFY(QTest::qWaitFor([&] { return listed.has_value(); }, kWaitMs));
    QVERIFY(listed->ok());
    QCOMPARE(listed->models[0].id, m.id);
}

void TestRemoteClient::streamedChatMatchesThePlainAnswer() {
    RemoteClient client;
    RemoteChatRequest request = chat_request(peng_.url, QStringLiteral("Name three colours."), 24);
    const RemoteModelsResult models = test_connection(client, peng_.url, {}, peng_.model);
    QVERIFY(models.ok());
    request.model = peng_.model;
    request.shape = models.models[0].shape;
    const ChatOutcome out = run_chat(client, request);
    QVERIFY2(out.failed.isEmpty() && out.interrupted.isEmpty(), qPrintable(out.failed + out.interrupted));
    QVERIFY(out.finish);
    const QJsonObject plain = plain_answer(request);
    const QJsonObject message = plain.value(QLatin1String("choices")).toArray().at(0).toObject().value(QLatin1String("message")).toObject();
    const QString reasoning = message.value(QLatin1String("reasoning_content")).toString();
    const QString content = message.value(QLatin1String("content")).toString();
    QVERIFY(!content.isEmpty() || !reasoning.isEmpty());
    const QString expected = (reasoning.isEmpty() ? QString() : QStringLiteral("<think>") + reasoning + QStringLiteral("</think>")) + content;
    QCOMPARE(out.text, expected);
    QCOMPARE(out.finish->raw_text, expected);
    QCOMPARE(out.finish->finish_reason, plain.value(QLatin1String("choices")).toArray().at(0).toObject().value(QLatin1String("finish_reason")).toString());

    // Usage, and the routing: one row per position the model ran, ids in range.
    QVERIFY(out.usage && out.finish->usage);
    const int prompt = out.usage->prompt_tokens, completion = out.usage->completion_tokens;
    QCOMPARE(completion, plain.value(QLatin1String("usage")).toObject().value(QLatin1String("completion_tokens")).toInt());
    QCOMPARE(prompt, plain.value(QLatin1String("usage")).toObject().value(QLatin1String("prompt_tokens")).toInt());
    QVERIFY(out.routed);
    QVERIFY2(out.finish->routing_note.isEmpty(), qPrintable(out.finish->routing_note));
    QCOMPARE(out.routed->positions, prompt + completion - 1);
    QCOMPARE(out.finish->routed_positions, out.routed->positions);
    QCOMPARE(out.routed->moe_layers, 5);
    QCOMPARE(out.routed->top_k, 8);
    QCOMPARE(out.shape.source, RemoteShape::Source::Server);
    for (qint32 id : out.routed->ids) QVERIFY(id >= 0 && id < 16);

    // Timings measured here.
    const RemoteTimings& t = out.finish->timings;
    QVERIFY(t.ttft_s > 0 && t.ttft_s <= t.total_s);
    QCOMPARE(t.gaps_s.size(), out.deltas - 1);
    for (double gap : t.gaps_s) QVERIFY(gap >= 0);
    QVERIFY(t.tokens_per_s > 0);

    // Without the shape, the routing data's size and the usage give it.
    request.shape = {};
    const ChatOutcome inferred = run_chat(client, request);
    QVERIFY(inferred.routed);
    QCOMPARE(inferred.shape.source, RemoteShape::Source::RoutingData);
    QCOMPARE(inferred.shape.moe_layers, 5);
    QCOMPARE(inferred.routed->ids, out.routed->ids);
    QCOMPARE(inferred.text, out.text);
}

void TestRemoteClient::wrongOrMissingKey() {
    PengServer locked;
    QVERIFY(locked.startWithKey("right-key"));
    RemoteClient client;
    const RemoteModelsResult wrong = test_connection(client, locked.url, QStringLiteral("wrong-key"));
    QCOMPARE(wrong.outcome, RemoteOutcome::Unauthorized);
    QVERIFY2(wrong.message.contains(QLatin1String("refused the API key (HTTP 401)")), qPrintable(wrong.message));
    const RemoteModelsResult none = test_connection(client, locked.url, {});
    QVERIFY2(none.message.contains(QLatin1String("needs an API key (HTTP 401)")), qPrintable(none.message));
    QVERIFY(test_connection(client, locked.url, QStringLiteral("right-key")).ok());

    RemoteChatRequest request = chat_request(locked.url, QStringLiteral("Hi"), 4);
    request.api_key = QStringLiteral("wrong-key");
    const ChatOutcome refused = run_chat(client, request);
    QVERIFY2(refused.failed.contains(QLatin1String("HTTP 401")), qPrintable(refused.failed));
    QVERIFY(refused.text.isEmpty());
    request.api_key = QStringLiteral("right-key");
    const ChatOutcome answered = run_chat(client, request);
    QVERIFY2(answered.finish, qPrintable(answered.failed));
}

void TestRemoteClient::serverNotRunning() {
    QTcpServer probe;   // a port that was free a moment ago, and nobody listens on now
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const QString url = QStringLiteral("http://127.0.0.1:%1/v1").arg(probe.serverPort());
    probe.close();
    RemoteClient client;
    const RemoteModelsResult result = test_connection(client, url, {});
    QCOMPARE(result.outcome, RemoteOutcome::Unreachable);
    QVERIFY2(result.message.contains(QLatin1String("connection refused")), qPrintable(result.message));
    const ChatOutcome out = run_chat(client, chat_request(url, QStringLiteral("Hi"), 4));
    QVERIFY2(out.failed.contains(QLatin1String("connection refused")), qPrintable(out.failed));
    QVERIFY(out.interrupted.isEmpty() && !out.finish);
    const RemoteModelsResult nowhere = test_connection(client, QStringLiteral("http://no-such-host.invalid:8000"), {});
    QCOMPARE(nowhere.outcome, RemoteOutcome::Unreachable);
    QVERIFY2(nowhere.message.contains(QLatin1String("was not found")), qPrintable(nowhere.message));
}

void TestRemoteClient::serverKilledMidStream() {
    PengServer doomed;
    QVERIFY(doomed.start());
    RemoteClient client;
    // A long answer (seconds on the fixture); the server dies as the first text arrives.
    const ChatOutcome out = run_chat(client, chat_request(doomed.url, QStringLiteral("Tell a long story."), 1000),
                                     [&](ChatOutcome& o) { if (o.deltas == 1) doomed.kill(); });
    QVERIFY2(!out.interrupted.isEmpty(), qPrintable(out.failed));
    QVERIFY2(out.interrupted.contains(QLatin1String("partial answer is kept")), qPrintable(out.interrupted));
    QVERIFY(!out.finish && out.failed.isEmpty());
    QVERIFY(!out.text.isEmpty());
    QVERIFY(!out.usage);   // usage comes only at the end
}

void TestRemoteClient::stopCancels() {
    RemoteClient client;
    const ChatOutcome out = run_chat(client, chat_request(peng_.url, QStringLiteral("Tell a long story."), 400),
                                     [&](ChatOutcome& o) { if (o.deltas == 3) client.abort(); });
    QVERIFY(out.finish);
    QCOMPARE(out.finish->finish_reason, QStringLiteral("cancelled"));
    QCOMPARE(out.deltas, 3);                 // nothing after Stop
    QCOMPARE(out.finish->raw_text, out.text);
    QVERIFY(!client.chatting());
    // The server is still fine for the next one.
    QVERIFY(run_chat(client, chat_request(peng_.url, QStringLiteral("Hi"), 4)).finish);
}

void TestRemoteClient::serverWithoutRouting() {
    // What vLLM or SGLang started without --enable-return-routed-experts send.
    FakeServer vllm(event_stream(
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n"
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":\"Hm.\"},\"finish_reason\":null}]}\n\n"
        ": comment\r\n\r\n"
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi!\"},\"finish_reason\":\"stop\"}],\"usage\":null}\n\n"
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":4,\"total_tokens\":13,"
        "\"prompt_tokens_details\":{\"cached_tokens\":5}}}\n\n"
        "data: [DONE]\n\n"));
    RemoteClient client;
    RemoteChatRequest request = chat_request(vllm.url(), QStringLiteral("Hi"), 8);
    request.model = QStringLiteral("XiaomiMiMo/MiMo-V2-Flash");
    request.api_key = QStringLiteral("k");
    request.thinking = false;
    request.sampling.top_k = 20;
    request.sampling.seed = 42;
    request.turns.prepend(ChatTurn{QStringLiteral("assistant"), QStringLiteral("Earlier."), QStringLiteral("I thought.")});
    const ChatOutcome out = run_chat(client, request);
    QVERIFY2(out.finish, qPrintable(out.failed + out.interrupted));
    QCOMPARE(out.text, QStringLiteral("<think>Hm.</think>Hi!"));
    QCOMPARE(out.finish->finish_reason, QStringLiteral("stop"));
    QVERIFY(!out.routed);
    QCOMPARE(out.finish->routed_positions, 0);
    QVERIFY2(out.finish->routing_note.contains(QLatin1String("--enable-return-routed-experts")), qPrintable(out.finish->routing_note));
    QCOMPARE(out.usage->cached_tokens, 5);

    // What the client asked for.
    QCOMPARE(vllm.requests.size(), 1);
    const QByteArray& raw = vllm.requests[0];
    QVERIFY(raw.startsWith("POST /v1/chat/completions "));
    QVERIFY(raw.contains("Authorization: Bearer k\r\n"));
    const QJsonObject body = QJsonDocument::fromJson(raw.mid(raw.indexOf("\r\n\r\n") + 4)).object();
    QCOMPARE(body.value(QLatin1String("stream")).toBool(), true);
    QCOMPARE(body.value(QLatin1String("stream_options")).toObject().value(QLatin1String("include_usage")).toBool(), true);
    QCOMPARE(body.value(QLatin1String("return_routed_experts")).toBool(), true);
    QCOMPARE(body.value(QLatin1String("model")).toString(), request.model);
    QCOMPARE(body.value(QLatin1String("max_tokens")).toInt(), 8);
    QCOMPARE(body.value(QLatin1String("top_k")).toInt(), 20);
    QCOMPARE(body.value(QLatin1String("seed")).toInt(), 42);
    QCOMPARE(body.value(QLatin1String("chat_template_kwargs")).toObject().value(QLatin1String("enable_thinking")).toBool(true), false);
    const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
    QCOMPARE(messages.size(), 2);
    QCOMPARE(messages[0].toObject().value(QLatin1String("reasoning_content")).toString(), QStringLiteral("I thought."));
    QVERIFY(!messages[1].toObject().contains(QLatin1String("reasoning_content")));
}

// Answer length 0 (the app's default): no max_tokens, so the server answers up to its context.
void TestRemoteClient::unlimitedAnswerSendsNoMaxTokens() {
    FakeServer vllm(event_stream(
        "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi!\"},\"finish_reason\":\"stop\"}]}\n\n"
        "data: [DONE]\n\n"));
    RemoteClient client;
    const ChatOutcome out = run_chat(client, chat_request(vllm.url(), QStringLiteral("Hi"), 0));
    QVERIFY2(out.finish, qPrintable(out.failed + out.interrupted));
    QCOMPARE(vllm.requests.size(), 1);
    const QByteArray& raw = vllm.requests[0];
    const QJsonObject body = QJsonDocument::fromJson(raw.mid(raw.indexOf("\r\n\r\n") + 4)).object();
    QVERIFY(body.contains(QLatin1String("messages")));
    QVERIFY(!body.contains(QLatin1String("max_tokens")));
}

void TestRemoteClient::malformedStreams() {
    RemoteClient client;
    const QByteArray role = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Part\"}}]}\n\n";
    FakeServer not_json(event_stream(role + "data: {\"choices\": [oops\n\ndata: [DONE]\n\n"));
    const ChatOutcome a = run_chat(client, chat_request(not_json.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(a.failed.contains(QLatin1String("not JSON")), qPrintable(a.failed));
    QCOMPARE(a.text, QStringLiteral("Part"));   // what came before stays with the caller
    QVERIFY(!a.finish);

    FakeServer error_event(event_stream(role + "data: {\"error\":{\"message\":\"generation failed: boom\",\"code\":500}}\n\ndata: [DONE]\n\n"));
    const ChatOutcome b = run_chat(client, chat_request(error_event.url(), QStringLiteral("Hi"), 8));
    QCOMPARE(b.failed, QStringLiteral("the server reported an error: generation failed: boom"));

    // Cut before [DONE], in the middle of an event.
    FakeServer cut(event_stream(role + "data: {\"choices\":[{\"ind"));
    const ChatOutcome c = run_chat(client, chat_request(cut.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(c.interrupted.contains(QLatin1String("ended before the answer was complete")), qPrintable(c.interrupted + c.failed));
    QCOMPARE(c.text, QStringLiteral("Part"));

    // A line that never ends, against a small cap.
    FakeServer endless(event_stream(role + "data: " + QByteArray(64 * 1024, 'x')));
    RemoteClient capped;
    capped.setMaxEventBytes(4096);
    const ChatOutcome g = run_chat(capped, chat_request(endless.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(g.failed.contains(QLatin1String("malformed event stream")) && g.failed.contains(QLatin1String("longer than")),
             qPrintable(g.failed + g.interrupted));
    QCOMPARE(g.text, QStringLiteral("Part"));

    // Routing of the wrong size for the model the caller named.
    FakeServer odd_routing(event_stream(role + "data: {\"choices\":[],\"sglext\":{\"routed_experts\":\"AQAAAAIAAAA=\"}}\n\ndata: [DONE]\n\n"));
    RemoteChatRequest request = chat_request(odd_routing.url(), QStringLiteral("Hi"), 8);
    request.shape = shape_of_known_model(QStringLiteral("MiMo-V2-Flash"));
    const ChatOutcome d = run_chat(client, request);
    QVERIFY(d.finish && !d.routed);
    QVERIFY2(d.finish->routing_note.contains(QLatin1String("do not fill")), qPrintable(d.finish->routing_note));

    // A JSON answer where a stream was asked for, and a refusal with the server's words.
    FakeServer plain(http_response("200 OK", "application/json", "{\"choices\":[]}"));
    const ChatOutcome e = run_chat(client, chat_request(plain.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(e.failed.contains(QLatin1String("instead of a stream of events")), qPrintable(e.failed));
    FakeServer refusal(http_response("400 Bad Request", "application/json",
                                     "{\"error\":{\"message\":\"max_tokens is too large\",\"type\":\"invalid_request_error\"}}"));
    const ChatOutcome f = run_chat(client, chat_request(refusal.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(f.failed.endsWith(QLatin1String("answered HTTP 400: max_tokens is too large")), qPrintable(f.failed));
}

void TestRemoteClient::notAnOpenAiServer() {
    RemoteClient client;
    FakeServer web(http_response("200 OK", "text/html", "<html>hello</html>"));
    const RemoteModelsResult html = test_connection(client, web.url(), {});
    QCOMPARE(html.outcome, RemoteOutcome::NotOpenAi);
    QVERIFY2(html.message.contains(QLatin1String("no JSON \"data\" list")), qPrintable(html.message));
    FakeServer missing(http_response("404 Not Found", "text/plain", "not found"));
    const RemoteModelsResult none = test_connection(client, missing.url(), {});
    QCOMPARE(none.outcome, RemoteOutcome::NotOpenAi);
    QVERIFY2(none.message.contains(QLatin1String("HTTP 404")), qPrintable(none.message));
    QVERIFY(missing.requests.value(0).startsWith("GET /v1/models "));
    // vLLM's list: no grid fields, so the name decides.
    FakeServer vllm(http_response("200 OK", "application/json",
                                  "{\"object\":\"list\",\"data\":[{\"id\":\"XiaomiMiMo/MiMo-V2.5-Pro\",\"object\":\"model\","
                                  "\"max_model_len\":131072},{\"id\":\"other\"}]}"));
    const RemoteModelsResult listed = test_connection(client, vllm.url(), {}, QStringLiteral("XiaomiMiMo/MiMo-V2.5-Pro"));
    QVERIFY2(listed.ok(), qPrintable(listed.message));
    QCOMPARE(listed.models[0].shape.source, RemoteShape::Source::KnownModel);
    QCOMPARE(listed.models[0].shape.experts, 384);
    QCOMPARE(listed.models[0].context_tokens, 131072);
    QCOMPARE(listed.models[1].shape.source, RemoteShape::Source::Unknown);
}

void TestRemoteClient::silentServerTimesOut() {
    FakeServer silent{QByteArray()};
    RemoteClient client;
    client.setTimeouts(700, 700);
    QElapsedTimer clock;
    clock.start();
    const RemoteModelsResult result = test_connection(client, silent.url(), {});
    QCOMPARE(result.outcome, RemoteOutcome::Timeout);
    QVERIFY2(result.message.contains(QLatin1String("did not answer within 0.7 s")), qPrintable(result.message));
    const ChatOutcome out = run_chat(client, chat_request(silent.url(), QStringLiteral("Hi"), 8));
    QVERIFY2(out.failed.contains(QLatin1String("did not answer within")), qPrintable(out.failed));
    QVERIFY(clock.elapsed() < 20000);
}

void TestRemoteClient::tlsOnAPlainPort() {
    if (!QSslSocket::supportsSsl()) QSKIP("this Qt has no TLS backend");
    FakeServer plain(http_response("400 Bad Request", "text/plain", "plain HTTP here"));
    RemoteClient client;
    const RemoteModelsResult result = test_connection(client, plain.url("https"), {});
    QCOMPARE(result.outcome, RemoteOutcome::Tls);
    QVERIFY2(result.message.contains(QLatin1String("TLS")), qPrintable(result.message));
}

void TestRemoteClient::keyNotSentElsewhere() {
    FakeServer elsewhere(http_response("200 OK", "application/json", "{\"data\":[]}"));
    FakeServer redirecting("HTTP/1.1 307 Temporary Redirect\r\nLocation: " + elsewhere.url().toUtf8() +
                           "/models\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    RemoteClient client;
    const RemoteModelsResult result = test_connection(client, redirecting.url(), QStringLiteral("secret"));
    QCOMPARE(redirecting.requests.size(), 1);
    QVERIFY(redirecting.requests[0].contains("Bearer secret"));
    QVERIFY(elsewhere.requests.isEmpty());   // another origin: not followed
    QVERIFY(!result.ok());
}

QTEST_GUILESS_MAIN(TestRemoteClient)
#include "test_remote_client.moc"
