#include "conversation_import.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

// A named namespace, so lupdate files these strings under ConversationImport.
namespace ConversationImport {
namespace {

// (text, comment, n): the three-argument form is the one lupdate reads as a plural.
QString tr(const char* text, const char* comment = nullptr, int n = -1) { return QCoreApplication::translate("ConversationImport", text, comment, n); }

struct Skipped {
    int tool_messages = 0, tool_calls = 0, other_parts = 0;
};

// A message's text: a string, null (an assistant turn made only of tool calls), or
// OpenAI's content parts, whose text parts are joined by newlines as vLLM does.
bool read_content(const QJsonValue& content, const QString& where, QString* text, Skipped* skipped, QString* error) {
    if (content.isString() || content.isNull() || content.isUndefined()) {
        *text = content.toString();
        return true;
    }
    if (!content.isArray()) {
        *error = tr("%1.content is neither text nor a list of parts").arg(where);
        return false;
    }
    QStringList texts;
    const QJsonArray parts = content.toArray();
    for (qsizetype p = 0; p < parts.size(); ++p) {
        const QJsonObject part = parts[p].toObject();
        if (!parts[p].isObject() || !part["type"].isString()) {
            *error = tr("%1.content[%2] is not a content part with a type").arg(where).arg(p);
            return false;
        }
        if (part["type"].toString() != QLatin1String("text")) {
            ++skipped->other_parts;
            continue;
        }
        if (!part["text"].isString()) {
            *error = tr("%1.content[%2].text is not text").arg(where).arg(p);
            return false;
        }
        texts.append(part["text"].toString());
    }
    *text = texts.join(QLatin1Char('\n'));
    return true;
}

ImportResult import_messages(const QJsonArray& messages, const QString& origin) {
    ImportResult r;
    Skipped skipped;
    QStringList system;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QString where = QStringLiteral("messages[%1]").arg(i);
        const QJsonObject o = messages[i].toObject();
        if (!messages[i].isObject()) {
            r.error = tr("%1: %2 is not a message object").arg(origin, where);
            return r;
        }
        const QString role = o["role"].toString();
        if (!o["role"].isString() || role.isEmpty()) {
            r.error = tr("%1: %2 has no role").arg(origin, where);
            return r;
        }
        QString text, error;
        if (!read_content(o["content"], where, &text, &skipped, &error)) {
            r.error = QStringLiteral("%1: %2").arg(origin, error);
            return r;
        }
        if (role == QLatin1String("system") || role == QLatin1String("developer")) {
            if (!text.isEmpty()) system.append(text);
        } else if (role == QLatin1String("tool") || role == QLatin1String("function")) {
            ++skipped.tool_messages;
        } else if (role == QLatin1String("user") || role == QLatin1String("assistant")) {
            ChatMessage m;
            m.role = role;
            m.content = text;
            // vLLM and SGLang send the reasoning as reasoning_content; newer servers as reasoning.
            m.thinking = o["reasoning_content"].isString() ? o["reasoning_content"].toString() : o["reasoning"].toString();
            skipped.tool_calls += int(o["tool_calls"].toArray().size());
            if (role == QLatin1String("assistant") && m.content.isEmpty() && m.thinking.isEmpty()) continue;  // tool calls only
            r.conversation.messages.append(m);
        } else {
            r.error = tr("%1: %2 has the role \"%3\"; Peng reads system, developer, user, assistant and tool")
                          .arg(origin, where, role);
            return r;
        }
    }
    if (r.conversation.messages.isEmpty()) {
        r.error = tr("%1: there is no user or assistant message to import").arg(origin);
        return r;
    }
    r.conversation.system_prompt = system.join(QStringLiteral("\n\n"));
    r.conversation.title = ConversationFile::title_from(r.conversation.messages);
    if (skipped.tool_messages > 0)
        r.notes.append(tr("%n tool result(s) were left out: Peng's chats do not run tools.", nullptr, skipped.tool_messages));
    if (skipped.tool_calls > 0)
        r.notes.append(tr("%n tool call(s) were left out: Peng's chats do not run tools.", nullptr, skipped.tool_calls));
    if (skipped.other_parts > 0)
        r.notes.append(tr("%n non-text part(s) (images, audio, files) were left out: Peng's chats hold text.", nullptr, skipped.other_parts));
    r.ok = true;
    return r;
}

}  // namespace

ImportResult read(const QByteArray& bytes, const QString& origin) {
    ImportResult r;
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    if (parse.error != QJsonParseError::NoError) {
        r.error = tr("%1: not valid JSON at byte %2 (%3)").arg(origin).arg(parse.offset).arg(parse.errorString());
        return r;
    }
    if (doc.isArray()) return import_messages(doc.array(), origin);
    const QJsonObject o = doc.object();
    if (o.contains(QLatin1String("format"))) {
        const ConversationFile::ReadResult peng = ConversationFile::decode(bytes, origin);
        r.ok = peng.ok;
        r.error = peng.error;
        r.conversation = peng.conversation;
        return r;
    }
    if (o["messages"].isArray()) {
        ImportResult messages = import_messages(o["messages"].toArray(), origin);
        if (messages.ok && o["title"].isString() && !o["title"].toString().simplified().isEmpty())
            messages.conversation.title = o["title"].toString().simplified();
        return messages;
    }
    r.error = tr("%1: neither a Peng conversation nor a list of chat messages (OpenAI's format: an array of "
                 "{\"role\", \"content\"} objects, or an object with \"messages\")")
                  .arg(origin);
    return r;
}

}  // namespace ConversationImport
