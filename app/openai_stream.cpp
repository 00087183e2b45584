#include "openai_stream.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "remote_routing.h"

namespace {

QString tr(const char* text) { return QCoreApplication::translate("OpenAiStream", text); }

int count_field(const QJsonObject& o, const char* key) { return qMax(0, o.value(QLatin1String(key)).toInt(0)); }

StreamUsage read_usage(const QJsonObject& u) {
    StreamUsage usage;
    usage.prompt_tokens = count_field(u, "prompt_tokens");
    usage.completion_tokens = count_field(u, "completion_tokens");
    usage.cached_tokens = count_field(u.value(QLatin1String("prompt_tokens_details")).toObject(), "cached_tokens");
    return usage;
}

QString server_error_text(const QJsonValue& error) {
    const QString message = error.isObject() ? error.toObject().value(QLatin1String("message")).toString()
                                             : error.toString();
    return message.isEmpty() ? tr("the server reported an error without a message")
                             : tr("the server reported an error: %1").arg(message);
}

}  // namespace

QString OpenAiStream::append(const QString& reasoning, const QString& content) {
    QString delta;
    if (!reasoning.isEmpty()) {
        if (!think_open_ && reasoning_.isEmpty()) {
            delta += QStringLiteral("<think>");
            think_open_ = true;
        }
        // Reasoning after the answer began (a server interleaving them) joins the answer's
        // text: one think block, as the local engine writes it.
        delta += reasoning;
        reasoning_ += reasoning;
    }
    if (!content.isEmpty()) {
        if (think_open_) delta += QStringLiteral("</think>");
        think_open_ = false;
        delta += content;
        content_ += content;
    }
    raw_ += delta;
    return delta;
}

StreamUpdate OpenAiStream::read(const QByteArray& event_data) {
    StreamUpdate update;
    if (event_data.trimmed() == "[DONE]") {
        done_ = true;
        update.done = true;
        return update;
    }
    QJsonParseError parse_error;
    const QJsonDocument doc = QJsonDocument::fromJson(event_data, &parse_error);
    if (parse_error.error != QJsonParseError::NoError || !doc.isObject()) {
        update.error = parse_error.error != QJsonParseError::NoError
                           ? tr("the server sent an event that is not JSON (%1 at byte %2): %3")
                                 .arg(parse_error.errorString())
                                 .arg(parse_error.offset)
                                 .arg(QString::fromUtf8(event_data.left(80)))
                           : tr("the server sent an event that is not a JSON object: %1").arg(QString::fromUtf8(event_data.left(80)));
        return update;
    }
    const QJsonObject chunk = doc.object();
    if (chunk.contains(QLatin1String("error"))) {
        update.error = server_error_text(chunk.value(QLatin1String("error")));
        return update;
    }
    QString reasoning, content;
    for (const QJsonValue& c : chunk.value(QLatin1String("choices")).toArray()) {
        const QJsonObject choice = c.toObject();
        if (choice.value(QLatin1String("index")).toInt(0) != 0) continue;   // we ask for one choice
        const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
        // vLLM renamed reasoning_content to reasoning; SGLang and Peng send reasoning_content.
        reasoning += delta.value(QLatin1String("reasoning_content")).toString();
        reasoning += delta.value(QLatin1String("reasoning")).toString();
        content += delta.value(QLatin1String("content")).toString();
        for (const QJsonValue& t : delta.value(QLatin1String("tool_calls")).toArray()) {
            const QJsonObject call = t.toObject();
            const int index = call.value(QLatin1String("index")).toInt(int(tool_calls_.size()));
            auto it = std::find_if(tool_calls_.begin(), tool_calls_.end(), [&](const StreamToolCall& s) { return s.index == index; });
            if (it == tool_calls_.end()) {
                tool_calls_.append(StreamToolCall{index, {}, {}, {}});
                it = tool_calls_.end() - 1;
            }
            const QJsonObject function = call.value(QLatin1String("function")).toObject();
            if (call.contains(QLatin1String("id"))) it->id = call.value(QLatin1String("id")).toString();
            it->name += function.value(QLatin1String("name")).toString();
            it->arguments += function.value(QLatin1String("arguments")).toString();
        }
        const QString finish = choice.value(QLatin1String("finish_reason")).toString();
        if (!finish.isEmpty()) finish_reason_ = finish;
    }
    update.raw_delta = append(reasoning, content);
    if (!tool_calls_.isEmpty() && think_open_) {   // a tool call ends the thinking too
        update.raw_delta += QStringLiteral("</think>");
        raw_ += QStringLiteral("</think>");
        think_open_ = false;
    }
    const QJsonValue usage = chunk.value(QLatin1String("usage"));
    if (usage.isObject()) usage_ = read_usage(usage.toObject());
    const QJsonValue routed = chunk.value(QLatin1String("sglext")).toObject().value(QLatin1String("routed_experts"));
    if (routed.isString()) {
        QString error;
        routed_ids_ = decode_routed_ids(routed.toString().toLatin1(), &error);
        routing_error_ = error;
    } else if (!routed.isUndefined() && !routed.isNull()) {
        routing_error_ = tr("sglext.routed_experts is not a base64 string");
    }
    return update;
}

QString OpenAiStream::close() {
    if (closed_) return {};
    closed_ = true;
    if (!think_open_) return {};
    think_open_ = false;
    raw_ += QStringLiteral("</think>");
    return QStringLiteral("</think>");
}
