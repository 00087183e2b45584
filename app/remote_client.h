#pragma once
// The app as a client of an OpenAI-compatible server (vLLM, SGLang, Peng's own):
// the model list and a connection test with a clear message for each failure, and a
// streamed chat that reports the raw answer (<think> form, as the local engine's),
// the routed experts when the server returns them, usage, and timings measured here.
// Lives on the GUI thread; QNetworkAccessManager does the I/O asynchronously.
#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <memory>
#include <optional>

#include "engine_types.h"
#include "openai_stream.h"
#include "remote_failure.h"
#include "remote_routing.h"
#include "remote_shape.h"
#include "sse_reader.h"

class QNetworkAccessManager;
class QNetworkReply;

struct RemoteModel {
    QString id;
    RemoteShape shape;         // from the entry's extra fields or the name; Unknown if neither
    int context_tokens = 0;    // max_model_len (vLLM, Peng); 0 when not given
};

struct RemoteModelsResult {
    using Outcome = RemoteOutcome;
    Outcome outcome = Outcome::Ok;
    QString message;           // for the user; empty when Ok
    QList<RemoteModel> models;
    bool ok() const { return outcome == Outcome::Ok; }
};

struct RemoteChatRequest {
    QString base_url;          // "http://host:8000/v1"; a bare "http://host:8000" gets /v1
    QString api_key;           // sent as a Bearer token when set
    QString model;             // omitted when empty (servers then use their only model)
    QList<ChatTurn> turns;     // assistant turns carry their thinking as reasoning_content
    bool thinking = true;      // chat_template_kwargs.enable_thinking
    SamplingSettings sampling; // top_k 0 and seed 0 are not sent
    int max_tokens = 512;      // 0 = not sent: the server answers up to its context
    RemoteShape shape;         // the model's, to read the routed experts; Unknown = infer from the data
};

// Measured at the client, so they include the network.
struct RemoteTimings {
    double ttft_s = -1;        // request sent -> first reasoning or content text; -1 if none came
    QList<double> gaps_s;      // between successive events that carried text
    double tokens_per_s = 0;   // (completion tokens - 1) / (last text - first text)
    double total_s = 0;        // request sent -> end
};

struct RemoteFinish {
    QString finish_reason;     // the server's ("stop", "length", "tool_calls"), or "cancelled" after abort()
    std::optional<StreamUsage> usage;
    RemoteTimings timings;
    QList<StreamToolCall> tool_calls;
    QString raw_text;          // the whole answer as textDelta gave it
    int routed_positions = 0;  // rows of routed experts that arrived and were decoded
    QString routing_note;      // why there is no routing to show; empty when it arrived
};

class RemoteClient : public QObject {
    Q_OBJECT
public:
    explicit RemoteClient(QObject* parent = nullptr);
    ~RemoteClient() override;

    // Bounds: a model list must come within `models_ms`; a chat fails when no byte
    // arrives for `stall_ms` (a long prefill on a busy server stays silent for a while).
    void setTimeouts(int models_ms, int stall_ms);
    // The largest event a chat stream may send. The routed experts come in one event,
    // about 3 KB per token on MiMo-V2-Pro, so the default allows ~90,000 positions.
    void setMaxEventBytes(qsizetype bytes);

    // GET /v1/models; emits connectionTested. With `model` set, it must be listed.
    void testConnection(const QString& base_url, const QString& api_key, const QString& model = QString());
    // GET /v1/models; emits modelsListed.
    void listModels(const QString& base_url, const QString& api_key);

    // Streams POST /v1/chat/completions. One chat at a time: a new one aborts the old silently.
    void startChat(const RemoteChatRequest& request);
    // Stop: cancels the chat; emits finished with finish_reason "cancelled".
    void abort();
    bool chatting() const { return !chat_reply_.isNull(); }

    // "http://host:8000/v1" from what a user typed, or an empty URL with `error` set.
    static QUrl apiBase(const QString& base_url, QString* error);

signals:
    void connectionTested(const RemoteModelsResult& result);
    void modelsListed(const RemoteModelsResult& result);
    void textDelta(const QString& raw);                  // append to the answer's raw text
    void routedExperts(const RoutedExperts& rows, const RemoteShape& shape);
    void usageReceived(const StreamUsage& usage);
    void finished(const RemoteFinish& finish);
    void failed(const QString& message);                 // the partial text stays with the caller
    void interrupted(const QString& message);            // the connection ended before [DONE]

private:
    void fetchModels(const QString& base_url, const QString& api_key, const QString& model, bool test);
    void onChatBytes();
    void onChatFinished();
    bool checkChatHead();
    void handleEvent(const QByteArray& data);
    void completeChat();
    void failChat(const QString& message);
    void releaseChat();
    RemoteFinish finishSoFar() const;

    QNetworkAccessManager* network_;
    int models_ms_ = 10000;
    int stall_ms_ = 180000;
    qsizetype max_event_bytes_ = 256 * 1024 * 1024;

    struct Chat {
        explicit Chat(qsizetype max_event_bytes) : sse(max_event_bytes) {}
        RemoteChatRequest request;
        QString host;
        SseReader sse;
        OpenAiStream stream;
        QElapsedTimer clock;
        double first_text_s = -1, last_text_s = -1;
        QList<double> gaps_s;
        bool head_checked = false;
        bool streaming = false;    // HTTP 200 with an event stream
        QByteArray error_body;     // a refusal's body
        QString tls_errors;
    };
    QPointer<QNetworkReply> chat_reply_;
    quint64 chat_serial_ = 0;   // tells a chat a slot started apart from the one being read
    std::unique_ptr<Chat> chat_;
};
