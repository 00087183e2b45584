#pragma once
// Finds conversations by text: every word of the query (case-insensitive) must occur
// somewhere in the conversation, in its title, system prompt, messages or reasoning.
// Files are read once and kept until they change on disk, so typing in the search
// field does not re-read the whole folder on every key.
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "conversation_file.h"

struct SearchHit {
    QString id, title;
    QString snippet;     // the text around the first match, on one line
};

class ConversationSearch {
public:
    struct Candidate {
        QString id, path;
    };
    // `candidates` in the order hits should come back; `open` (if its id is among them)
    // is used instead of its file, so unsaved messages are found too.
    QList<SearchHit> find(const QString& query, const QList<Candidate>& candidates, const Conversation* open);

private:
    struct Cached {
        QDateTime modified;
        qint64 size = -1;
        Conversation conversation;
        bool ok = false;
    };
    const Conversation* load(const Candidate& c);
    QHash<QString, Cached> cache_;   // by path
};

// The match of `terms` in `c`, or an empty snippet when some term is missing.
QString search_snippet(const Conversation& c, const QStringList& terms);
