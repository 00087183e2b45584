#include "conversation_search.h"

#include <QFileInfo>

namespace {

// The searchable texts of a conversation, most telling first.
QStringList texts_of(const Conversation& c) {
    QStringList texts{c.title, c.system_prompt};
    for (const ChatMessage& m : c.messages) texts << m.content << m.thinking;
    return texts;
}

QString around(const QString& text, qsizetype at, qsizetype length) {
    constexpr qsizetype kBefore = 30, kAfter = 60;
    const qsizetype from = std::max<qsizetype>(0, at - kBefore);
    const qsizetype to = std::min(text.size(), at + length + kAfter);
    QString snippet = text.mid(from, to - from).simplified();
    if (from > 0) snippet.prepend(QChar(0x2026));
    if (to < text.size()) snippet.append(QChar(0x2026));
    return snippet;
}

}  // namespace

QString search_snippet(const Conversation& c, const QStringList& terms) {
    const QStringList texts = texts_of(c);
    for (const QString& term : terms) {
        bool found = false;
        for (const QString& text : texts) found = found || text.contains(term, Qt::CaseInsensitive);
        if (!found) return {};
    }
    // Every term is there: show the first one where it first occurs.
    for (const QString& text : texts) {
        const qsizetype at = text.indexOf(terms.first(), 0, Qt::CaseInsensitive);
        if (at >= 0) return around(text, at, terms.first().size());
    }
    return {};
}

const Conversation* ConversationSearch::load(const Candidate& c) {
    const QFileInfo info(c.path);
    Cached& cached = cache_[c.path];
    if (cached.size != info.size() || cached.modified != info.lastModified()) {
        const ConversationFile::ReadResult r = ConversationFile::read(c.path);
        cached = {info.lastModified(), info.size(), r.conversation, r.ok};
    }
    return cached.ok ? &cached.conversation : nullptr;
}

QList<SearchHit> ConversationSearch::find(const QString& query, const QList<Candidate>& candidates,
                                          const Conversation* open) {
    const QStringList terms = query.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QList<SearchHit> hits;
    if (terms.isEmpty()) return hits;
    for (const Candidate& candidate : candidates) {
        const Conversation* c = open && open->id == candidate.id ? open : load(candidate);
        if (!c) continue;   // unreadable: the store has already reported it
        const QString snippet = search_snippet(*c, terms);
        if (!snippet.isEmpty()) hits.append({candidate.id, c->title, snippet});
    }
    return hits;
}
