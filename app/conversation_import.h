#pragma once
// Reads a conversation from another file: a Peng export ("Export as JSON"), or the
// OpenAI chat format other tools write, either a bare messages array or an object
// with "messages" (a chat-completions request body, for one). Nothing is guessed:
// a message that cannot be read is an error naming its index and field, and what
// Peng's chats cannot hold (tool calls and results, images) is listed in `notes`.
#include <QByteArray>
#include <QString>
#include <QStringList>

#include "conversation_file.h"

struct ImportResult {
    bool ok = false;
    QString error;              // in words, naming the file and the place in it
    QStringList notes;          // what was left out, and why
    Conversation conversation;  // the store gives it a new id and saves it
};

namespace ConversationImport {
ImportResult read(const QByteArray& bytes, const QString& origin);
}
