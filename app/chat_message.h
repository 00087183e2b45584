#pragma once
// One message as stored in a conversation file and shown in the chat.
#include <QDateTime>
#include <QString>
#include <QVariantMap>

struct ChatMessage {
    QString role;            // "user" or "assistant"
    QString content;         // the answer (assistant) or the prompt (user)
    QString thinking;        // assistant reasoning, without tags
    double thinking_seconds = 0;
    QVariantMap stats;       // assistant: tokensPerSecond, ttft, promptTokens, ... (see ChatModel)
    QString error;           // a generation that failed, in words
    QDateTime created;
    QString interrupted;     // the connection to a server ended mid-answer; the text is what arrived
    QString backend;         // assistant: who answered, "" = this computer, else "server HOST (MODEL)"
};
