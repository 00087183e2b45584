#include "remote_client.h"

#include <algorithm>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#if QT_CONFIG(ssl)
#include <QSslError>
#endif

#include "log_categories.h"

namespace {

constexpr qsizetype kMaxModelsBytes = 4 * 1024 * 1024;   // a model list, or a refusal's body
constexpr int kRoutingTopKGuess = 8;                     // MiMo-V2's, when nothing says otherwise

QNetworkRequest api_request(const QUrl& url, const QString& api_key, int timeout_ms) {
    QNetworkRequest request(url);
    if (!api_key.isEmpty()) request.setRawHeader("Authorization", "Bearer " + api_key.toUtf8());
    // A redirect carries the headers along: only to the same origin, so the key goes nowhere else.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setTransferTimeout(timeout_ms);
    return request;
}

void collect_tls_errors(QNetworkReply* reply, QString* into) {
#if QT_CONFIG(ssl)
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [into](const QList<QSslError>& errors) {
        QStringList texts;
        for (const QSslError& e : errors) texts.append(e.errorString());
        *into = texts.join(QStringLiteral("; "));
    });
#else
    Q_UNUSED(reply);
    Q_UNUSED(into);
#endif
}

QString host_label(const QUrl& url) {
    return url.port() < 0 ? url.host() : QStringLiteral("%1:%2").arg(url.host()).arg(url.port());
}

RemoteModelsResult read_models(const QByteArray& body, const QString& host) {
    RemoteModelsResult result;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonValue data = doc.object().value(QLatin1String("data"));
    if (!doc.isObject() || !data.isArray()) {
        result.outcome = RemoteOutcome::NotOpenAi;
        result.message = RemoteClient::tr("%1 is not an OpenAI-compatible server: its /v1/models has no JSON \"data\" list.")
                             .arg(host);
        return result;
    }
    for (const QJsonValue& v : data.toArray()) {
        const QJsonObject entry = v.toObject();
        const QString id = entry.value(QLatin1String("id")).toString();
        if (id.isEmpty()) continue;
        result.models.append(RemoteModel{id, shape_from_model_entry(entry),
                                         qMax(0, entry.value(QLatin1String("max_model_len")).toInt(0))});
    }
    return result;
}

QJsonArray messages_json(const QList<ChatTurn>& turns) {
    QJsonArray messages;
    for (const ChatTurn& t : turns) {
        QJsonObject m{{QStringLiteral("role"), t.role}, {QStringLiteral("content"), t.content}};
        if (t.role == QLatin1String("assistant") && !t.thinking.isEmpty())
            m.insert(QStringLiteral("reasoning_content"), t.thinking);
        messages.append(m);
    }
    return messages;
}

QByteArray chat_body(const RemoteChatRequest& r) {
    QJsonObject body{{QStringLiteral("messages"), messages_json(r.turns)},
                     {QStringLiteral("stream"), true},
                     {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
                     {QStringLiteral("return_routed_experts"), true},
                     {QStringLiteral("temperature"), r.sampling.temperature},
                     {QStringLiteral("top_p"), r.sampling.top_p},
                     {QStringLiteral("chat_template_kwargs"), QJsonObject{{QStringLiteral("enable_thinking"), r.thinking}}}};
    if (!r.model.isEmpty()) body.insert(QStringLiteral("model"), r.model);
    // Unlimited: vLLM, SGLang and peng-cli serve answer up to the room the context leaves.
    if (r.max_tokens > 0) body.insert(QStringLiteral("max_tokens"), r.max_tokens);
    if (r.sampling.top_k > 0) body.insert(QStringLiteral("top_k"), r.sampling.top_k);
    // JSON numbers are doubles: a seed above 2^53 would arrive changed, so it is folded into range.
    if (r.sampling.seed != 0) body.insert(QStringLiteral("seed"), qint64(r.sampling.seed & ((quint64(1) << 53) - 1)));
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

double seconds(const QElapsedTimer& clock) { return clock.nsecsElapsed() / 1e9; }

}  // namespace

RemoteClient::RemoteClient(QObject* parent) : QObject(parent), network_(new QNetworkAccessManager(this)) {}

RemoteClient::~RemoteClient() { releaseChat(); }

void RemoteClient::setTimeouts(int models_ms, int stall_ms) {
    models_ms_ = qMax(1, models_ms);
    stall_ms_ = qMax(1, stall_ms);
}

void RemoteClient::setMaxEventBytes(qsizetype bytes) { max_event_bytes_ = qMax<qsizetype>(1, bytes); }

QUrl RemoteClient::apiBase(const QString& base_url, QString* error) {
    QUrl url = QUrl::fromUserInput(base_url.trimmed());
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) ||
        url.host().isEmpty()) {
        *error = tr("\"%1\" is not an http:// or https:// address.").arg(base_url);
        return {};
    }
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/'))) path.chop(1);
    // OpenAI clients take the base with /v1; a bare host:port means the usual /v1.
    if (path.isEmpty()) path = QStringLiteral("/v1");
    url.setPath(path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

void RemoteClient::testConnection(const QString& base_url, const QString& api_key, const QString& model) {
    fetchModels(base_url, api_key, model, true);
}

void RemoteClient::listModels(const QString& base_url, const QString& api_key) { fetchModels(base_url, api_key, {}, false); }

void RemoteClient::fetchModels(const QString& base_url, const QString& api_key, const QString& model, bool test) {
    auto report = [this, test](const RemoteModelsResult& result) {
        if (test) emit connectionTested(result);
        else emit modelsListed(result);
    };
    QString error;
    const QUrl base = apiBase(base_url, &error);
    if (base.isEmpty()) {
        report(RemoteModelsResult{RemoteOutcome::BadUrl, error, {}});
        return;
    }
    QUrl url = base;
    url.setPath(base.path() + QStringLiteral("/models"));
    QNetworkReply* reply = network_->get(api_request(url, api_key, models_ms_));
    auto tls_errors = std::make_shared<QString>();
    collect_tls_errors(reply, tls_errors.get());
    auto body = std::make_shared<QByteArray>();
    connect(reply, &QNetworkReply::readyRead, reply, [reply, body] {
        body->append(reply->read(qMax<qsizetype>(0, kMaxModelsBytes - body->size())));
        if (body->size() >= kMaxModelsBytes) reply->readAll();   // drop the rest of an oversized answer
    });
    connect(reply, &QNetworkReply::finished, this, [=, this] {
        reply->deleteLater();
        if (reply->isOpen()) body->append(reply->read(qMax<qsizetype>(0, kMaxModelsBytes - body->size())));
        const RemoteFailure failure = describe_failure(reply, *tls_errors, models_ms_, !api_key.isEmpty(), *body);
        if (failure.outcome != RemoteOutcome::Ok) {
            // A 404 here most likely means no OpenAI API at this path.
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status == 404)
                report(RemoteModelsResult{RemoteOutcome::NotOpenAi,
                                          tr("%1 has no %2 (HTTP 404): it is not an OpenAI-compatible server, or the "
                                             "address's path is wrong (it usually ends in /v1).")
                                              .arg(host_label(url), url.path()),
                                          {}});
            else report(RemoteModelsResult{failure.outcome, failure.message, {}});
            return;
        }
        RemoteModelsResult result = read_models(*body, host_label(url));
        if (result.ok() && !model.isEmpty() &&
            std::none_of(result.models.begin(), result.models.end(), [&](const RemoteModel& m) { return m.id == model; })) {
            QStringList ids;
            for (const RemoteModel& m : result.models) ids.append(m.id);
            result.outcome = RemoteOutcome::NoSuchModel;
            result.message = ids.isEmpty() ? tr("%1 serves no models, so not %2.").arg(host_label(url), model)
                                           : tr("%1 does not serve %2. It serves: %3.").arg(host_label(url), model, ids.join(QStringLiteral(", ")));
        }
        report(result);
    });
}

void RemoteClient::startChat(const RemoteChatRequest& request) {
    releaseChat();
    QString error;
    const QUrl base = apiBase(request.base_url, &error);
    if (base.isEmpty()) {
        emit failed(error);
        return;
    }
    QUrl url = base;
    url.setPath(base.path() + QStringLiteral("/chat/completions"));
    chat_ = std::make_unique<Chat>(max_event_bytes_);
    ++chat_serial_;
    chat_->request = request;
    chat_->host = host_label(url);
    QNetworkRequest http = api_request(url, request.api_key, stall_ms_);
    http.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    http.setRawHeader("Accept", "text/event-stream");
    chat_->clock.start();
    chat_reply_ = network_->post(http, chat_body(request));
    collect_tls_errors(chat_reply_, &chat_->tls_errors);
    connect(chat_reply_, &QNetworkReply::readyRead, this, &RemoteClient::onChatBytes);
    connect(chat_reply_, &QNetworkReply::finished, this, &RemoteClient::onChatFinished);
}

void RemoteClient::abort() {
    if (!chat_) return;
    RemoteFinish finish = finishSoFar();
    finish.finish_reason = QStringLiteral("cancelled");
    releaseChat();
    emit finished(finish);
}

bool RemoteClient::checkChatHead() {
    if (chat_->head_checked) return true;
    const QVariant status = chat_reply_->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status.isValid()) return true;   // no answer yet
    chat_->head_checked = true;
    if (status.toInt() < 200 || status.toInt() >= 300) return true;   // the body is a refusal, read at the end
    const QString type = chat_reply_->header(QNetworkRequest::ContentTypeHeader).toString();
    if (!type.startsWith(QLatin1String("text/event-stream"))) {
        failChat(tr("%1 answered with %2 instead of a stream of events: it does not stream chat completions.")
                     .arg(chat_->host, type.isEmpty() ? tr("no content type") : type));
        return false;
    }
    chat_->streaming = true;
    return true;
}

void RemoteClient::onChatBytes() {
    if (!chat_ || !checkChatHead() || !chat_reply_->isOpen()) return;   // a reply cut by its timeout is closed
    const QByteArray bytes = chat_reply_->readAll();
    if (!chat_->streaming) {
        chat_->error_body.append(bytes.left(qMax<qsizetype>(0, kMaxModelsBytes - chat_->error_body.size())));
        return;
    }
    const QList<QByteArray> events = chat_->sse.feed(bytes);
    const quint64 chat = chat_serial_;
    for (const QByteArray& data : events) {
        handleEvent(data);
        if (!chat_ || chat_serial_ != chat) return;   // ended, failed, or stopped (or replaced) by a slot
    }
    if (chat_->sse.malformed()) failChat(tr("%1 sent a malformed event stream: %2").arg(chat_->host, chat_->sse.error()));
}

void RemoteClient::handleEvent(const QByteArray& data) {
    const StreamUpdate update = chat_->stream.read(data);
    if (!update.error.isEmpty()) {
        failChat(update.error);
        return;
    }
    if (update.done) {
        completeChat();
        return;
    }
    if (!update.raw_delta.isEmpty()) {
        const double now = seconds(chat_->clock);
        if (chat_->first_text_s < 0) chat_->first_text_s = now;
        else chat_->gaps_s.append(now - chat_->last_text_s);
        chat_->last_text_s = now;
        emit textDelta(update.raw_delta);
    }
}

void RemoteClient::onChatFinished() {
    if (!chat_) return;
    const quint64 chat = chat_serial_;
    onChatBytes();   // whatever arrived with the end
    if (!chat_ || chat_serial_ != chat) return;
    const RemoteFailure failure = describe_failure(chat_reply_, chat_->tls_errors, stall_ms_,
                                                   !chat_->request.api_key.isEmpty(), chat_->error_body);
    if (chat_->streaming) {
        // The answer started and the connection ended before [DONE]: a crashed or
        // restarted server, a dropped network. What arrived stays with the caller.
        const QString why = chat_reply_->error() == QNetworkReply::NoError ? tr("the stream ended") : chat_reply_->errorString();
        const QString message = tr("The connection to %1 ended before the answer was complete (%2). The partial answer is kept.")
                                    .arg(chat_->host, why);
        releaseChat();
        emit interrupted(message);
        return;
    }
    failChat(failure.outcome != RemoteOutcome::Ok ? failure.message
                                                  : tr("%1 ended the connection without answering.").arg(chat_->host));
}

RemoteFinish RemoteClient::finishSoFar() const {
    RemoteFinish f;
    const OpenAiStream& s = chat_->stream;
    f.finish_reason = s.finishReason();
    f.usage = s.usage();
    f.tool_calls = s.toolCalls();
    f.raw_text = s.rawText();
    f.timings.ttft_s = chat_->first_text_s;
    f.timings.gaps_s = chat_->gaps_s;
    f.timings.total_s = seconds(chat_->clock);
    const double span = chat_->last_text_s - chat_->first_text_s;
    // Servers may pack several tokens into one event, so the token count is usage's when it came.
    const int tokens = s.usage() ? s.usage()->completion_tokens : int(chat_->gaps_s.size()) + 1;
    if (chat_->first_text_s >= 0 && span > 0 && tokens > 1) f.timings.tokens_per_s = (tokens - 1) / span;
    return f;
}

void RemoteClient::completeChat() {
    // Everything is gathered before the first signal: a slot may start or stop a chat.
    const QString tail = chat_->stream.close();
    RemoteFinish finish = finishSoFar();
    const OpenAiStream& s = chat_->stream;
    std::optional<RoutedExperts> routed;
    RemoteShape shape = chat_->request.shape;
    if (!s.routedIds()) {
        finish.routing_note = !s.routingError().isEmpty()
                                  ? tr("The server's routed experts were unusable: %1.").arg(s.routingError())
                                  : tr("The server sent no routed experts. vLLM and SGLang send them when started with "
                                       "--enable-return-routed-experts; Peng's server always can.");
    } else {
        const QList<qint32>& ids = *s.routedIds();
        if (!shape.known()) {
            // Rows: the prompt and every generated token but the last (see remote_routing.h).
            const int rows = s.usage() ? s.usage()->prompt_tokens + s.usage()->completion_tokens - 1 : 0;
            const int top_k = shape.experts_per_token > 0 ? shape.experts_per_token : kRoutingTopKGuess;
            shape = shape_from_routing(ids.size(), rows, top_k, ids.isEmpty() ? -1 : *std::max_element(ids.begin(), ids.end()));
        }
        QString error;
        routed = shape.known() ? shape_routed_ids(ids, shape.moe_layers, shape.experts_per_token, shape.experts, &error)
                               : std::nullopt;
        if (routed) finish.routed_positions = routed->positions;
        else finish.routing_note = tr("The server's routed experts were unusable: %1.")
                                       .arg(shape.known() ? error : tr("their shape could not be worked out"));
    }
    releaseChat();
    if (!tail.isEmpty()) emit textDelta(tail);
    if (finish.usage) emit usageReceived(*finish.usage);
    if (routed) emit routedExperts(*routed, shape);
    emit finished(finish);
}

void RemoteClient::failChat(const QString& message) {
    releaseChat();
    qCWarning(lcApp, "server answer failed: %s", qPrintable(message));
    emit failed(message);
}

void RemoteClient::releaseChat() {
    if (chat_reply_) {
        chat_reply_->disconnect();   // its TLS-error handler writes into chat_
        if (chat_reply_->isRunning()) chat_reply_->abort();
        chat_reply_->deleteLater();
    }
    chat_reply_.clear();
    chat_.reset();
}
