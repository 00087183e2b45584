// The remote client's pure parts: server-sent events over any split of the bytes, the
// meaning of an OpenAI chat stream (recorded from Peng's server, plus hand-written
// chunks for what the tiny fixture never says), the routed experts' decoding and the
// grid's shape rules.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>
#include <QtTest>

#include "openai_stream.h"
#include "remote_routing.h"
#include "remote_shape.h"
#include "sse_reader.h"

namespace {

QByteArray recorded_stream() {
    QFile f(QStringLiteral(PENG_APP_TEST_DATA "/peng_stream.sse"));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll();
}

// The events a reader gives when the stream arrives in the chunks `cuts` makes.
QList<QByteArray> read_in_pieces(const QByteArray& stream, const QList<qsizetype>& cuts, SseReader& reader) {
    QList<QByteArray> events;
    qsizetype from = 0;
    for (qsizetype cut : cuts) {
        events += reader.feed(QByteArrayView(stream).sliced(from, cut - from));
        from = cut;
    }
    events += reader.feed(QByteArrayView(stream).sliced(from));
    return events;
}

QByteArray base64_of(const QList<qint32>& ids) {
    QByteArray bytes(ids.size() * 4, '\0');
    for (qsizetype i = 0; i < ids.size(); ++i) qToLittleEndian<qint32>(ids[i], bytes.data() + 4 * i);
    return bytes.toBase64();
}

QByteArray chunk(const QJsonObject& delta, const QString& finish = QString()) {
    QJsonObject choice{{QStringLiteral("index"), 0}, {QStringLiteral("delta"), delta}};
    choice.insert(QStringLiteral("finish_reason"), finish.isEmpty() ? QJsonValue() : QJsonValue(finish));
    return QJsonDocument(QJsonObject{{QStringLiteral("choices"), QJsonArray{choice}}}).toJson(QJsonDocument::Compact);
}

QJsonObject delta(const char* key, const char* text) { return {{QLatin1String(key), QString::fromUtf8(text)}}; }

}  // namespace

class TestRemoteStream : public QObject {
    Q_OBJECT
private slots:
    void sseEverySplitOfARecordedStream();
    void sseLineEndsAndFields();
    void sseCapsAPendingEvent();
    void recordedPengStreamMeaning();
    void thinkingWrapsReasoning();
    void toolCallsJoinTheirFragments();
    void errorsInsideTheStream();
    void routedExpertsDecoding();
    void shapeRules();
};

void TestRemoteStream::sseEverySplitOfARecordedStream() {
    const QByteArray stream = recorded_stream();
    SseReader whole;
    const QList<QByteArray> expected = whole.feed(stream);
    QCOMPARE(expected.size(), 13);   // role, 8 tokens, finish, sglext, usage, [DONE]
    QCOMPARE(expected.last(), QByteArray("[DONE]"));
    QVERIFY(!whole.pending());
    // Every place one cut can fall, with LF and with CRLF line ends (a CRLF cut in two included).
    QByteArray crlf = stream;
    crlf.replace("\n", "\r\n");
    for (const QByteArray& variant : {stream, crlf}) {
        for (qsizetype cut = 0; cut <= variant.size(); ++cut) {
            SseReader reader;
            const QList<QByteArray> events = read_in_pieces(variant, {cut}, reader);
            if (events != expected) QFAIL(qPrintable(QStringLiteral("a cut at byte %1 changed the events").arg(cut)));
        }
    }
    // One byte at a time, and in three uneven pieces.
    QList<qsizetype> every_byte;
    for (qsizetype i = 1; i < stream.size(); ++i) every_byte.append(i);
    SseReader bytewise;
    QCOMPARE(read_in_pieces(stream, every_byte, bytewise), expected);
    SseReader three;
    QCOMPARE(read_in_pieces(crlf, {7, 4000, 4001}, three), expected);
}

void TestRemoteStream::sseLineEndsAndFields() {
    SseReader reader;
    // Lone CR ends a line too; multi-line data joins with \n; comments, event, id and
    // retry are skipped; "data" with no colon is an empty line of data; one leading space goes.
    const QByteArray stream = ": keep-alive\revent: message\rid: 7\rretry: 100\rdata: a\rdata:  b\rdata\rdata:c\r\r"
                              "data: only\n\n"
                              "event: ping\n\n"      // no data: no event
                              "data: tail";          // unfinished
    const QList<QByteArray> events = reader.feed(stream);
    QCOMPARE(events, (QList<QByteArray>{"a\n b\n\nc", "only"}));
    QVERIFY(reader.pending());
    QVERIFY(!reader.malformed());
    QCOMPARE(reader.feed("\n\n"), QList<QByteArray>{"tail"});
    QVERIFY(!reader.pending());
    // A CRLF is one line end wherever the chunks split it: data lines stay in one event.
    const QByteArray multi = "data: a\r\ndata: b\r\n: note\r\n\r\ndata: c\r\n\r\n";
    for (qsizetype cut = 0; cut <= multi.size(); ++cut) {
        SseReader split;
        QCOMPARE(read_in_pieces(multi, {cut}, split), (QList<QByteArray>{"a\nb", "c"}));
    }
}

void TestRemoteStream::sseCapsAPendingEvent() {
    // An endless line.
    SseReader line(1000);
    for (int i = 0; i < 10 && !line.malformed(); ++i) QVERIFY(line.feed(QByteArray(300, 'x')).isEmpty());
    QVERIFY(line.malformed());
    QVERIFY2(line.error().contains(QLatin1String("longer than")), qPrintable(line.error()));
    QVERIFY(line.feed("\n\ndata: x\n\n").isEmpty());   // nothing more once malformed
    // An endless event made of short lines.
    SseReader event(1000);
    for (int i = 0; i < 100 && !event.malformed(); ++i) QVERIFY(event.feed("data: " + QByteArray(20, 'y') + "\n").isEmpty());
    QVERIFY(event.malformed());
    // Just under the cap is fine.
    SseReader fits(1000);
    QCOMPARE(fits.feed("data:" + QByteArray(990, 'z') + "\n\n").size(), 1);
}

void TestRemoteStream::recordedPengStreamMeaning() {
    SseReader reader;
    OpenAiStream stream;
    QString raw;
    QString content;
    bool done = false;
    for (const QByteArray& data : reader.feed(recorded_stream())) {
        const StreamUpdate u = stream.read(data);
        QVERIFY2(u.error.isEmpty(), qPrintable(u.error));
        raw += u.raw_delta;
        done = done || u.done;
        const QJsonObject c = QJsonDocument::fromJson(data).object();
        for (const QJsonValue& choice : c.value(QLatin1String("choices")).toArray())
            content += choice.toObject().value(QLatin1String("delta")).toObject().value(QLatin1String("content")).toString();
    }
    raw += stream.close();
    QVERIFY(done && stream.done());
    QVERIFY(!content.isEmpty());
    QCOMPARE(raw, content);                    // no reasoning: the raw text is the content
    QCOMPARE(stream.rawText(), raw);
    QCOMPARE(stream.content(), content);
    QVERIFY(stream.reasoning().isEmpty());
    QCOMPARE(stream.finishReason(), QStringLiteral("length"));
    QVERIFY(stream.usage().has_value());
    QCOMPARE(stream.usage()->prompt_tokens, 16);
    QCOMPARE(stream.usage()->completion_tokens, 8);
    QCOMPARE(stream.usage()->cached_tokens, 0);
    QVERIFY(stream.routingError().isEmpty());
    QVERIFY(stream.routedIds().has_value());
    // The fixture: 5 MoE layers of 16 experts, top-8; rows = prompt + completion - 1.
    QString error;
    const auto routed = shape_routed_ids(*stream.routedIds(), 5, 8, 16, &error);
    QVERIFY2(routed, qPrintable(error));
    QCOMPARE(routed->positions, 16 + 8 - 1);
    for (int p = 0; p < routed->positions; ++p)
        for (int l = 0; l < 5; ++l) {
            QSet<qint32> distinct;
            for (int k = 0; k < 8; ++k) distinct.insert(routed->id(p, l, k));
            QCOMPARE(distinct.size(), 8);      // top-8 picks 8 different experts
        }
    QCOMPARE(routed->id(0, 0, 0), 11);         // the first recorded ids, as the server encoded them
    QCOMPARE(routed->id(0, 0, 1), 4);
    QCOMPARE(routed->id(22, 4, 7), 0);
}

void TestRemoteStream::thinkingWrapsReasoning() {
    OpenAiStream s;
    QString raw;
    raw += s.read(chunk({{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), QString()}})).raw_delta;
    QCOMPARE(raw, QString());
    raw += s.read(chunk(delta("reasoning_content", "Let me "))).raw_delta;
    QCOMPARE(raw, QStringLiteral("<think>Let me "));
    raw += s.read(chunk(delta("reasoning", "think."))).raw_delta;   // vLLM's newer name
    raw += s.read(chunk(delta("content", "Hello"))).raw_delta;
    raw += s.read(chunk(delta("content", " world"), QStringLiteral("stop"))).raw_delta;
    raw += s.close();
    QCOMPARE(raw, QStringLiteral("<think>Let me think.</think>Hello world"));
    QCOMPARE(s.reasoning(), QStringLiteral("Let me think."));
    QCOMPARE(s.content(), QStringLiteral("Hello world"));
    QCOMPARE(s.finishReason(), QStringLiteral("stop"));
    QVERIFY(!s.usage().has_value());
    QVERIFY(!s.routedIds().has_value());

    // Thinking that never ends (max_tokens hit) closes at the end, once.
    OpenAiStream open;
    QString r = open.read(chunk(delta("reasoning_content", "hmm"), QStringLiteral("length"))).raw_delta;
    r += open.close();
    r += open.close();
    QCOMPARE(r, QStringLiteral("<think>hmm</think>"));
    QCOMPARE(open.rawText(), r);
}

void TestRemoteStream::toolCallsJoinTheirFragments() {
    OpenAiStream s;
    QString raw = s.read(chunk(delta("reasoning_content", "need weather"))).raw_delta;
    const auto call = [](QJsonObject fields) { return QJsonObject{{QStringLiteral("tool_calls"), QJsonArray{fields}}}; };
    raw += s.read(chunk(call({{QStringLiteral("index"), 0}, {QStringLiteral("id"), QStringLiteral("call_1")},
                              {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), QStringLiteral("get_weather")},
                                                                       {QStringLiteral("arguments"), QStringLiteral("{\"ci")}}}})))
               .raw_delta;
    raw += s.read(chunk(call({{QStringLiteral("index"), 0},
                              {QStringLiteral("function"), QJsonObject{{QStringLiteral("arguments"), QStringLiteral("ty\":\"Rome\"}")}}}}),
                        QStringLiteral("tool_calls")))
               .raw_delta;
    raw += s.close();
    QCOMPARE(raw, QStringLiteral("<think>need weather</think>"));   // a tool call ends the thinking
    QCOMPARE(s.toolCalls().size(), 1);
    QCOMPARE(s.toolCalls()[0].id, QStringLiteral("call_1"));
    QCOMPARE(s.toolCalls()[0].name, QStringLiteral("get_weather"));
    QCOMPARE(s.toolCalls()[0].arguments, QStringLiteral("{\"city\":\"Rome\"}"));
    QCOMPARE(s.finishReason(), QStringLiteral("tool_calls"));
}

void TestRemoteStream::errorsInsideTheStream() {
    OpenAiStream s;
    const StreamUpdate bad_json = s.read("{\"choices\": [");
    QVERIFY2(bad_json.error.contains(QLatin1String("not JSON")), qPrintable(bad_json.error));
    QVERIFY(s.read("[1, 2]").error.contains(QLatin1String("not a JSON object")));
    QVERIFY(s.read("").error.contains(QLatin1String("not JSON")));
    const StreamUpdate server = s.read(R"({"error": {"message": "generation failed: out of memory", "type": "server_error", "code": 500}})");
    QCOMPARE(server.error, QStringLiteral("the server reported an error: generation failed: out of memory"));
    QVERIFY(!s.done());
    QVERIFY(s.read(" [DONE] ").done);

    // Routing that cannot be read is a note, not a failure of the answer.
    OpenAiStream routing;
    QVERIFY(routing.read(R"({"choices": [], "sglext": {"routed_experts": "***"}})").error.isEmpty());
    QVERIFY(!routing.routedIds().has_value());
    QVERIFY(routing.routingError().contains(QLatin1String("base64")));
    QVERIFY(routing.read(R"({"choices": [], "sglext": {"routed_experts": 12}})").error.isEmpty());
    QVERIFY(routing.routingError().contains(QLatin1String("not a base64 string")));
}

void TestRemoteStream::routedExpertsDecoding() {
    // Two positions x 2 MoE layers x top-2, with -1 where nothing was recorded and an
    // id whose bytes differ in every position (little-endian on the wire).
    const QList<qint32> ids{0, 5, 3, -1, 0x01020304, 7, 2, 1};
    QString error;
    const auto decoded = decode_routed_ids(base64_of(ids), &error);
    QVERIFY2(decoded, qPrintable(error));
    QCOMPARE(*decoded, ids);
    QCOMPARE(QByteArray::fromBase64(base64_of({0x01020304})), QByteArray("\x04\x03\x02\x01", 4));
    const auto rows = shape_routed_ids(ids, 2, 2, 0, &error);
    QVERIFY(rows);
    QCOMPARE(rows->positions, 2);
    QCOMPARE(rows->id(0, 1, 1), -1);
    QCOMPARE(rows->id(1, 0, 0), 0x01020304);
    QCOMPARE(rows->id(1, 1, 1), 1);
    // Out of range for a 16-expert model; sizes that do not fill rows; bad bytes.
    QVERIFY(!shape_routed_ids(ids, 2, 2, 16, &error));
    QVERIFY2(error.contains(QLatin1String("outside")), qPrintable(error));
    QVERIFY(!shape_routed_ids(ids, 3, 2, 0, &error));
    QVERIFY(error.contains(QLatin1String("do not fill")));
    QVERIFY(!shape_routed_ids({-2, 0}, 1, 2, 0, &error));
    QVERIFY(!shape_routed_ids(ids, 0, 2, 0, &error));
    QVERIFY(!decode_routed_ids("AAAAAAA=", &error));   // 5 bytes
    QVERIFY(error.contains(QLatin1String("int32")));
    QVERIFY(!decode_routed_ids("not base64!", &error));
    QVERIFY(decode_routed_ids("", &error)->isEmpty());
}

void TestRemoteStream::shapeRules() {
    // Peng's /v1/models entry for the tiny fixture.
    const QJsonObject peng = QJsonDocument::fromJson(
        R"({"id":"tiny-mxfp4","object":"model","max_model_len":4096,"moe_layers":5,"routed_experts":16,
            "experts_per_token":8,"num_hidden_layers":6,"expert_format":"MXFP4"})").object();
    const RemoteShape served = shape_from_model_entry(peng);
    QCOMPARE(served.source, RemoteShape::Source::Server);
    QCOMPARE(served.layers, 6);
    QCOMPARE(served.moe_layers, 5);
    QCOMPARE(served.experts, 16);
    QCOMPARE(served.experts_per_token, 8);
    QCOMPARE(served.moe_layer, (QList<bool>{false, true, true, true, true, true}));
    // The server's fields win over the name.
    QJsonObject named = peng;
    named.insert(QStringLiteral("id"), QStringLiteral("XiaomiMiMo/MiMo-V2.5-Pro"));
    QCOMPARE(shape_from_model_entry(named).moe_layers, 5);

    // vLLM and SGLang send no such fields: the name decides. Layer 0 is dense in both.
    const RemoteShape flash = shape_from_model_entry(QJsonObject{{QStringLiteral("id"), QStringLiteral("XiaomiMiMo/MiMo-V2-Flash")}});
    QCOMPARE(flash.source, RemoteShape::Source::KnownModel);
    QCOMPARE(flash.layers, 48);
    QCOMPARE(flash.moe_layers, 47);
    QCOMPARE(flash.experts, 256);
    QCOMPARE(flash.experts_per_token, 8);
    QCOMPARE(flash.moe_layer.size(), 48);
    QVERIFY(!flash.moe_layer[0] && flash.moe_layer[1] && flash.moe_layer[47]);
    for (const char* id : {"mimo-v2.6-flash-rl", "XiaomiMiMo/MiMo-V2.5", "/models/MiMo_V2_Flash"})
        QCOMPARE(shape_of_known_model(QString::fromLatin1(id)).experts, 256);
    const RemoteShape pro = shape_of_known_model(QStringLiteral("MiMo-V2.6-Pro"));
    QCOMPARE(pro.layers, 70);
    QCOMPARE(pro.moe_layers, 69);
    QCOMPARE(pro.experts, 384);
    QVERIFY(!pro.moe_layer[0] && pro.moe_layer[69]);
    // Half the fields, nonsense values, or an unknown name: unknown.
    QJsonObject partial{{QStringLiteral("id"), QStringLiteral("llama")}, {QStringLiteral("moe_layers"), 5}};
    QCOMPARE(shape_from_model_entry(partial).source, RemoteShape::Source::Unknown);
    partial.insert(QStringLiteral("routed_experts"), 4);
    partial.insert(QStringLiteral("experts_per_token"), 8);   // more than the experts
    QVERIFY(!shape_from_model_entry(partial).known());
    partial.insert(QStringLiteral("experts_per_token"), -2);
    QVERIFY(!shape_from_model_entry(partial).known());
    QVERIFY(!shape_of_known_model(QStringLiteral("Qwen3-235B-A22B")).known());
    QVERIFY(!shape_of_known_model(QStringLiteral("mimo-7b")).known());

    // Else the routing data: 23 rows of 8 ids over 5 layers.
    const RemoteShape seen = shape_from_routing(23 * 5 * 8, 23, 8, 15);
    QCOMPARE(seen.source, RemoteShape::Source::RoutingData);
    QCOMPARE(seen.moe_layers, 5);
    QCOMPARE(seen.experts, 16);
    QVERIFY(seen.known());
    QVERIFY(!shape_from_routing(23 * 5 * 8 + 1, 23, 8, 15).known());
    QVERIFY(!shape_from_routing(100, 0, 8, 15).known());
}

QTEST_GUILESS_MAIN(TestRemoteStream)
#include "test_remote_stream.moc"
