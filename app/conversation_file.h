#pragma once
// The on-disk form of one conversation: a versioned JSON file, written with the
// engine's atomic save (api/files.h), so a crash or a full disk leaves the previous
// version, and read with its bounded read (regular files of at most kMaxBytes only).
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
// Conversations are text: a file far larger than any chat is not one. Files are read
// and written only up to this size, so every file Peng writes reads back (and imports).
inline constexpr qint64 kMaxBytes = qint64(64) << 20;

struct ReadResult {
    bool ok = false;
    bool newer = false;    // written by a later Peng: leave it alone, never overwrite
    QString error;         // in words, naming the file
    Conversation conversation;
};

// Reads a file of the conversations folder, which is named <id>.json: a file whose
// "id" is not its own name, or is not a valid id, is refused (it could steer the
// store's saves and deletes to another conversation's file or out of the folder).
ReadResult read(const QString& path);
// The same checks on bytes from elsewhere (an import); `origin` names them in errors.
ReadResult decode(const QByteArray& bytes, const QString& origin);
// The file's JSON (also what "Export as JSON" writes, so an export imports back whole).
QJsonObject encode(const Conversation& c);
// Returns an empty string on success, else the error in words, naming the file.
QString write(const QString& path, const Conversation& c);

// True for what Peng gives conversations as ids (UUIDs): 1 to 64 ASCII letters,
// digits, '-' and '_', which can be nothing but one file name in any folder.
bool is_valid_id(const QString& id);

// A title from the first user message, as the sidebar shows it ("" when there is none).
QString title_from(const QList<ChatMessage>& messages);

}  // namespace ConversationFile
