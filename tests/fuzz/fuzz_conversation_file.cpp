// libFuzzer target for the app's conversation file reader (app/conversation_file.h)
// and its import (app/conversation_import.h): random bytes as a conversation file in
// the folder, as bytes to import, and as an id.
// Seeds: tests/fuzz/corpus/conversation_file (with -dict=tests/fuzz/fuzz_conversation_file.dict).
// Checked: nothing but a clean return (no exception, crash or sanitizer report);
//   - a file the reader takes writes back and reads back to the same file;
//   - the folder reader takes a file exactly when the bytes decode and the file is
//     named <its id>.json with a valid id, and gives what decoding gives;
//   - a valid id makes one file name directly inside the folder, never a path;
//   - a Peng file imports as it decodes; imported OpenAI messages are user and
//     assistant messages only, at least one.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "conversation_file.h"
#include "conversation_import.h"

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

const QString& folder() {
    static const QString dir = [] {
        QByteArray name = QDir::tempPath().toUtf8() + "/fuzz_conversation_XXXXXX";
        check(mkdtemp(name.data()) != nullptr);
        return QString::fromUtf8(name);
    }();
    return dir;
}

QByteArray encoded(const Conversation& c) { return QJsonDocument(ConversationFile::encode(c)).toJson(QJsonDocument::Compact); }

void check_id(const QString& id) {
    if (!ConversationFile::is_valid_id(id)) return;
    const QFileInfo path(QDir::cleanPath(folder() + QLatin1Char('/') + id + QStringLiteral(".json")));
    check(path.absolutePath() == folder() && path.fileName() == id + QStringLiteral(".json"));
}

// The bytes as a file of the folder, named after their id when it is a valid one.
void check_folder_read(const QByteArray& bytes, const ConversationFile::ReadResult& decoded) {
    const bool named = decoded.ok && ConversationFile::is_valid_id(decoded.conversation.id);
    const QString path = folder() + QLatin1Char('/') + (named ? decoded.conversation.id : QStringLiteral("other")) +
                         QStringLiteral(".json");
    {
        QFile f(path);
        check(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size());
    }
    const ConversationFile::ReadResult read = ConversationFile::read(path);
    QFile::remove(path);
    check(read.ok == named && read.newer == decoded.newer);
    if (!read.ok) return;
    check(encoded(read.conversation) == encoded(decoded.conversation));
    // Written and read again, it is the same file.
    check(ConversationFile::write(path, read.conversation).isEmpty());
    const ConversationFile::ReadResult again = ConversationFile::read(path);
    QFile::remove(path);
    check(again.ok && encoded(again.conversation) == encoded(read.conversation));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const ConversationFile::ReadResult decoded = ConversationFile::decode(bytes, QStringLiteral("fuzz.json"));
    check(decoded.ok != !decoded.error.isEmpty());
    check_id(decoded.conversation.id);
    check_id(QString::fromUtf8(bytes));
    check_folder_read(bytes, decoded);

    const ImportResult imported = ConversationImport::read(bytes, QStringLiteral("fuzz.json"));
    check(imported.ok != !imported.error.isEmpty());
    if (imported.ok && decoded.ok) {  // a Peng file imports as it decodes
        check(encoded(imported.conversation) == encoded(decoded.conversation));
    } else if (imported.ok) {         // OpenAI messages
        check(!imported.conversation.messages.isEmpty());
        for (const ChatMessage& m : imported.conversation.messages)
            check(m.role == QLatin1String("user") || m.role == QLatin1String("assistant"));
    }
    return 0;
}
