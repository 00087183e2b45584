#pragma once
// The meaning of an OpenAI chat-completions stream, one event's data at a time:
// reasoning and content deltas (as the raw text the chat model stores, thinking
// wrapped in <think>...</think>), tool calls, finish_reason, usage, SGLang's
// sglext.routed_experts, an error object inside the stream, and [DONE].
#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

struct StreamToolCall {
    int index = 0;
    QString id;
    QString name;
    QString arguments;   // JSON text, joined from its fragments
};

struct StreamUsage {
    int prompt_tokens = 0;
    int completion_tokens = 0;
    int cached_tokens = 0;   // prompt_tokens_details.cached_tokens: prompt tokens whose KV was reused
};

struct StreamUpdate {
    QString raw_delta;   // append to the raw answer; empty when the event carried no text
    bool done = false;   // [DONE]
    QString error;       // non-empty: the event was malformed, or the server reported an error
};

class OpenAiStream {
public:
    StreamUpdate read(const QByteArray& event_data);
    // The raw text that ends the answer ("</think>" when the thinking never closed), once.
    QString close();

    QString rawText() const { return raw_; }
    QString reasoning() const { return reasoning_; }
    QString content() const { return content_; }
    const QList<StreamToolCall>& toolCalls() const { return tool_calls_; }
    QString finishReason() const { return finish_reason_; }
    const std::optional<StreamUsage>& usage() const { return usage_; }
    bool done() const { return done_; }
    // sglext.routed_experts, decoded; routingError() says why routing that came was unusable.
    const std::optional<QList<qint32>>& routedIds() const { return routed_ids_; }
    QString routingError() const { return routing_error_; }

private:
    QString append(const QString& reasoning, const QString& content);

    QString raw_, reasoning_, content_, finish_reason_, routing_error_;
    bool think_open_ = false;
    bool closed_ = false;
    bool done_ = false;
    QList<StreamToolCall> tool_calls_;
    std::optional<StreamUsage> usage_;
    std::optional<QList<qint32>> routed_ids_;
};
