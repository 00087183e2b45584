#include "conversation_file.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <exception>

#include "api/files.h"

namespace ConversationFile {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("ConversationFile", text); }

QJsonObject to_json(const ChatMessage& m) {
    QJsonObject o{{"role", m.role}, {"content", m.content}, {"created", m.created.toString(Qt::ISODateWithMs)}};
    if (!m.thinking.isEmpty()) o["thinking"] = m.thinking;
    if (m.thinking_seconds > 0) o["thinking_seconds"] = m.thinking_seconds;
    if (!m.stats.isEmpty()) o["stats"] = QJsonObject::fromVariantMap(m.stats);
    if (!m.error.isEmpty()) o["error"] = m.error;
    if (!m.interrupted.isEmpty()) o["interrupted"] = m.interrupted;
    if (!m.backend.isEmpty()) o["backend"] = m.backend;   // absent = this computer, as in older files
    return o;
}

ChatMessage message_from_json(const QJsonObject& o) {
    ChatMessage m;
    m.role = o["role"].toString();
    m.content = o["content"].toString();
    m.thinking = o["thinking"].toString();
    m.thinking_seconds = o["thinking_seconds"].toDouble();
    m.stats = o["stats"].toObject().toVariantMap();
    m.error = o["error"].toString();
    m.interrupted = o["interrupted"].toString();
    m.backend = o["backend"].toString();
    m.created = QDateTime::fromString(o["created"].toString(), Qt::ISODateWithMs);
    return m;
}

// An id as the user may see it in a note: one line, and not endless.
QString shown(const QString& id) {
    const QString line = id.simplified();
    return line.size() > 80 ? line.left(79) + QChar(0x2026) : line;
}

}  // namespace

bool is_valid_id(const QString& id) {
    if (id.isEmpty() || id.size() > 64) return false;
    for (const QChar ch : id)
        if (!((ch >= u'0' && ch <= u'9') || (ch >= u'a' && ch <= u'z') || (ch >= u'A' && ch <= u'Z') || ch == u'-' ||
              ch == u'_'))
            return false;
    return true;
}

ReadResult read(const QString& path) {
    ReadResult r;
    std::string bytes;
    try {
        bytes = peng::read_small_file(path.toStdString(), kMaxBytes);
    } catch (const std::exception& e) {
        r.error = QString::fromStdString(e.what());
        return r;
    }
    r = decode(QByteArray::fromStdString(bytes), path);
    if (!r.ok) return r;
    QString name = QFileInfo(path).fileName();
    if (name.endsWith(QLatin1String(".json"))) name.chop(5);
    const QString id = r.conversation.id;
    if (!is_valid_id(id)) {
        r.ok = false;
        r.error = tr("%1: its id \"%2\" is not one Peng gives (letters, digits, - and _), so the file is not read "
                     "as a conversation").arg(path, shown(id));
    } else if (id != name) {
        r.ok = false;
        r.error = tr("%1: its id \"%2\" is not its file name, so the file is not read as a conversation (it would "
                     "stand for %2.json)").arg(path, shown(id));
    }
    if (!r.ok) r.conversation = Conversation{};
    return r;
}

ReadResult decode(const QByteArray& bytes, const QString& origin) {
    ReadResult r;
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
    if (parse.error != QJsonParseError::NoError) {
        r.error = tr("%1: not valid JSON at byte %2 (%3)").arg(origin).arg(parse.offset).arg(parse.errorString());
        return r;
    }
    const QJsonObject o = doc.object();
    if (o["format"].toString() != QLatin1String(kFormat)) {
        r.error = tr("%1: not a Peng conversation file").arg(origin);
        return r;
    }
    const int version = o["version"].toInt();
    if (version > kVersion) {
        r.newer = true;
        r.error = tr("%1: written by a newer Peng (format version %2)").arg(origin).arg(version);
        return r;
    }
    if (version < 1 || !o["messages"].isArray() || o["id"].toString().isEmpty()) {
        r.error = tr("%1: the conversation's fields are missing or damaged").arg(origin);
        return r;
    }
    Conversation& c = r.conversation;
    c.id = o["id"].toString();
    c.title = o["title"].toString();
    c.system_prompt = o["system_prompt"].toString();
    c.thinking = o["thinking"].toBool(true);
    c.created = QDateTime::fromString(o["created"].toString(), Qt::ISODateWithMs);
    c.updated = QDateTime::fromString(o["updated"].toString(), Qt::ISODateWithMs);
    for (const auto& m : o["messages"].toArray()) c.messages.append(message_from_json(m.toObject()));
    r.ok = true;
    return r;
}

QJsonObject encode(const Conversation& c) {
    QJsonArray messages;
    for (const auto& m : c.messages) messages.append(to_json(m));
    return {{"format", kFormat},
            {"version", kVersion},
            {"id", c.id},
            {"title", c.title},
            {"system_prompt", c.system_prompt},
            {"thinking", c.thinking},
            {"created", c.created.toString(Qt::ISODateWithMs)},
            {"updated", c.updated.toString(Qt::ISODateWithMs)},
            {"messages", messages}};
}

QString title_from(const QList<ChatMessage>& messages) {
    for (const auto& m : messages)
        if (m.role == QLatin1String("user")) {
            const QString line = m.content.simplified();
            return line.size() > 48 ? line.left(47) + QChar(0x2026) : line;
        }
    return {};
}

QString write(const QString& path, const Conversation& c) {
    const QByteArray bytes = QJsonDocument(encode(c)).toJson(QJsonDocument::Indented);
    if (bytes.size() > kMaxBytes)
        return tr("%1: the conversation is %2 MiB, more than a conversation file can hold (at most %3 MiB)")
            .arg(path)
            .arg(double(bytes.size()) / double(1 << 20), 0, 'f', 1)
            .arg(kMaxBytes >> 20);
    try {
        // The engine's one save: every write checked, renamed over the old file only when complete.
        peng::save_file(path.toStdString(), std::string(bytes.constData(), size_t(bytes.size())));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace ConversationFile
