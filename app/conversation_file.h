#pragma once
// The on-disk form of one conversation: a versioned JSON file, written with the
// engine's atomic save (api/files.h), so a crash or a full disk leaves the previous version.
#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include "chat_message.h"

struct Conversation {
    QString id;
    QString title;
    QString system_prompt;
    bool thinking = true;
    QDateTime created, updated;
    QList<ChatMessage> messages;
};

namespace ConversationFile {

inline constexpr int kVersion = 1;
inline constexpr const char* kFormat = "peng-conversation";

struct ReadResult {
    bool ok = false;
    bool newer = false;    // written by a later Peng: leave it alone, never overwrite
    QString error;         // in words, naming the file
    Conversation conversation;
};

ReadResult read(const QString& path);
// The same checks on bytes from elsewhere (an import); `origin` names them in errors.
ReadResult decode(const QByteArray& bytes, const QString& origin);
// The file's JSON (also what "Export as JSON" writes, so an export imports back whole).
QJsonObject encode(const Conversation& c);
// Returns an empty string on success, else the error in words, naming the file.
QString write(const QString& path, const Conversation& c);

// A title from the first user message, as the sidebar shows it ("" when there is none).
QString title_from(const QList<ChatMessage>& messages);

}  // namespace ConversationFile
