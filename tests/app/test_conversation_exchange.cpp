// Conversations travel: export as Markdown and JSON, import a Peng export or OpenAI
// messages (with every refusal naming the place), and search by text.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include "conversation_import.h"
#include "conversation_markdown.h"
#include "conversation_store.h"

namespace {

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void write_all(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// A saved conversation with reasoning, a system prompt and an answer from a server.
QString add_conversation(ConversationStore& store, const QString& question, const QString& answer) {
    store.newConversation();
    store.setSystemPrompt(QStringLiteral("Answer in one line."));
    store.messages()->appendUser(question);
    store.messages()->beginAnswer();
    store.messages()->appendToAnswer(QStringLiteral("<think>Recall the glossary.</think>") + answer);
    GenerationStats stats;
    stats.completion_tokens = 7;
    store.messages()->finishAnswer(stats);
    if (!store.saveCurrent()) return {};
    return store.currentId();
}

QByteArray json(const QJsonValue& v) {
    return v.isArray() ? QJsonDocument(v.toArray()).toJson() : QJsonDocument(v.toObject()).toJson();
}

}  // namespace

class TestConversationExchange : public QObject {
    Q_OBJECT
private slots:
    void markdownHasEveryTurnInOrder() {
        QTemporaryDir dir;
        ConversationStore store(dir.path(), nullptr);
        const QString id = add_conversation(store, QStringLiteral("What does *ephemeral* mean?"),
                                            QStringLiteral("Lasting a very short time."));
        QVERIFY(!id.isEmpty());
        const QString target = dir.filePath(QStringLiteral("out/chat.md"));
        QDir().mkpath(dir.filePath(QStringLiteral("out")));
        QCOMPARE(store.exportConversation(id, QUrl::fromLocalFile(target), QStringLiteral("markdown")), QString());
        const QString md = QString::fromUtf8(read_all(target));
        QVERIFY(md.startsWith(QStringLiteral("# What does *ephemeral* mean?\n")));
        QVERIFY(md.contains(QStringLiteral("> **System prompt:** Answer in one line.")));
        const qsizetype you = md.indexOf(QStringLiteral("## You\n\nWhat does *ephemeral* mean?"));
        const qsizetype thinking = md.indexOf(QStringLiteral("<summary>Thinking"));
        const qsizetype reasoning = md.indexOf(QStringLiteral("Recall the glossary."));
        const qsizetype answer = md.indexOf(QStringLiteral("Lasting a very short time."));
        QVERIFY(you > 0);
        QVERIFY(you < thinking && thinking < reasoning && reasoning < answer);
        QVERIFY(md.contains(QStringLiteral("</details>")));
        QVERIFY(!md.contains(QStringLiteral("<think>")));
    }

    void jsonExportImportsBackWhole() {
        QTemporaryDir dir;
        ConversationStore store(dir.path() + QStringLiteral("/store"), nullptr);
        const QString id = add_conversation(store, QStringLiteral("Define serendipity"), QStringLiteral("A happy accident."));
        store.rename(id, QStringLiteral("Serendipity"));
        const QString target = dir.filePath(QStringLiteral("export.json"));
        QCOMPARE(store.exportConversation(id, QUrl::fromLocalFile(target), QStringLiteral("json")), QString());

        const QVariantMap result = store.importConversation(QUrl::fromLocalFile(target));
        QVERIFY2(result.value(QStringLiteral("ok")).toBool(), qPrintable(result.value(QStringLiteral("error")).toString()));
        const QString imported = result.value(QStringLiteral("conversationId")).toString();
        QVERIFY(imported != id);                       // a copy, never an overwrite
        QCOMPARE(store.rowCount(), 2);
        QCOMPARE(store.currentId(), imported);         // and it is open
        QCOMPARE(store.currentTitle(), QStringLiteral("Serendipity"));
        QCOMPARE(store.systemPrompt(), QStringLiteral("Answer in one line."));
        QCOMPARE(store.messages()->rowCount(), 2);
        const ChatMessage a = store.messages()->message(1);
        QCOMPARE(a.content, QStringLiteral("A happy accident."));
        QCOMPARE(a.thinking, QStringLiteral("Recall the glossary."));
        QCOMPARE(a.stats.value(QStringLiteral("completionTokens")).toInt(), 7);
        // The copy is on disk: another store on the folder (read-only, the lock is held) finds both.
        ConversationStore again(dir.path() + QStringLiteral("/store"), nullptr);
        QCOMPARE(again.rowCount(), 2);
    }

    // One writer (issue 44): "Export as JSON" writes through the conversation file, so an
    // export is byte for byte the folder's file and keeps its rules: a conversation too
    // large for a conversation file (which could never import back) is refused, not written.
    void aJsonExportIsWrittenByTheConversationFile() {
        QTemporaryDir dir;
        ConversationStore store(dir.path() + QStringLiteral("/store"), nullptr);
        const QString id = add_conversation(store, QStringLiteral("Define laconic"), QStringLiteral("Brief."));
        const QString target = dir.filePath(QStringLiteral("export.json"));
        QCOMPARE(store.exportConversation(id, QUrl::fromLocalFile(target), QStringLiteral("json")), QString());
        QCOMPARE(read_all(target), read_all(dir.filePath(QStringLiteral("store/") + id + QStringLiteral(".json"))));

        store.newConversation();
        store.messages()->appendUser(QString(int(ConversationFile::kMaxBytes), QLatin1Char('w')));
        const QString huge = dir.filePath(QStringLiteral("huge.json"));
        const QString error = store.exportConversation(store.currentId(), QUrl::fromLocalFile(huge), QStringLiteral("json"));
        QVERIFY2(error.contains(huge) && error.contains(QStringLiteral("more than a conversation file can hold")),
                 qPrintable(error.left(300)));
        QVERIFY(!QFile::exists(huge));
    }

    void importsOpenAiMessages() {
        const QJsonArray messages{
            QJsonObject{{"role", "system"}, {"content", "Be brief."}},
            QJsonObject{{"role", "developer"}, {"content", "Use British spelling."}},
            QJsonObject{{"role", "user"},
                        {"content", QJsonArray{QJsonObject{{"type", "text"}, {"text", "What is colour?"}},
                                               QJsonObject{{"type", "image_url"},
                                                           {"image_url", QJsonObject{{"url", "data:,"}}}}}}},
            QJsonObject{{"role", "assistant"}, {"content", QJsonValue::Null},
                        {"tool_calls", QJsonArray{QJsonObject{{"id", "c1"}, {"type", "function"}}}}},
            QJsonObject{{"role", "tool"}, {"tool_call_id", "c1"}, {"content", "{}"}},
            QJsonObject{{"role", "assistant"}, {"content", "What the eye sees of light."},
                        {"reasoning_content", "Short answer."}},
        };
        for (const QByteArray& bytes : {json(messages), json(QJsonObject{{"model", "m"}, {"messages", messages}})}) {
            const ImportResult r = ConversationImport::read(bytes, QStringLiteral("chat.json"));
            QVERIFY2(r.ok, qPrintable(r.error));
            QCOMPARE(r.conversation.system_prompt, QStringLiteral("Be brief.\n\nUse British spelling."));
            QCOMPARE(r.conversation.messages.size(), 2);
            QCOMPARE(r.conversation.messages[0].content, QStringLiteral("What is colour?"));
            QCOMPARE(r.conversation.messages[1].thinking, QStringLiteral("Short answer."));
            QCOMPARE(r.conversation.title, QStringLiteral("What is colour?"));
            // What Peng's chats cannot hold is named, not dropped silently.
            QCOMPARE(r.notes.size(), 3);
            QVERIFY(r.notes.join(' ').contains(QStringLiteral("tool result")));
            QVERIFY(r.notes.join(' ').contains(QStringLiteral("tool call")));
            QVERIFY(r.notes.join(' ').contains(QStringLiteral("non-text part")));
        }
    }

    void refusalsNameThePlace_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("[{\"role\": ") << QStringLiteral("not valid JSON at byte");
        QTest::newRow("other object") << QByteArray("{\"chat\": []}") << QStringLiteral("neither a Peng conversation");
        QTest::newRow("no role") << json(QJsonArray{QJsonObject{{"content", "hi"}}}) << QStringLiteral("messages[0] has no role");
        QTest::newRow("odd role") << json(QJsonArray{QJsonObject{{"role", "user"}, {"content", "a"}},
                                                     QJsonObject{{"role", "wizard"}, {"content", "b"}}})
                                  << QStringLiteral("messages[1] has the role \"wizard\"");
        QTest::newRow("content number") << json(QJsonArray{QJsonObject{{"role", "user"}, {"content", 7}}})
                                        << QStringLiteral("messages[0].content is neither text nor a list");
        QTest::newRow("part without type") << json(QJsonArray{QJsonObject{{"role", "user"}, {"content", QJsonArray{QJsonObject{{"text", "x"}}}}}})
                                           << QStringLiteral("messages[0].content[0] is not a content part");
        QTest::newRow("not an object") << json(QJsonArray{QJsonValue("hello")}) << QStringLiteral("messages[0] is not a message object");
        QTest::newRow("only system") << json(QJsonArray{QJsonObject{{"role", "system"}, {"content", "x"}}})
                                     << QStringLiteral("no user or assistant message");
        QTest::newRow("newer peng") << json(QJsonObject{{"format", "peng-conversation"}, {"version", 99}, {"id", "x"}, {"messages", QJsonArray{}}})
                                    << QStringLiteral("written by a newer Peng");
    }
    void refusalsNameThePlace() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const ImportResult r = ConversationImport::read(bytes, QStringLiteral("in.json"));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.startsWith(QStringLiteral("in.json: ")), qPrintable(r.error));
        QVERIFY2(r.error.contains(expected), qPrintable(r.error));
    }

    void aRefusedImportChangesNothing() {
        QTemporaryDir dir;
        ConversationStore store(dir.path() + QStringLiteral("/store"), nullptr);
        const QString id = add_conversation(store, QStringLiteral("keep me"), QStringLiteral("kept"));
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        write_all(bad, "{\"messages\": [{\"role\": \"user\", \"content\": 1}]}");
        const QVariantMap result = store.importConversation(QUrl::fromLocalFile(bad));
        QVERIFY(!result.value(QStringLiteral("ok")).toBool());
        QVERIFY(result.value(QStringLiteral("error")).toString().contains(QStringLiteral("messages[0].content")));
        QCOMPARE(store.rowCount(), 1);
        QCOMPARE(store.currentId(), id);
        QCOMPARE(QDir(dir.path() + QStringLiteral("/store")).entryList({QStringLiteral("*.json")}, QDir::Files).size(), 1);
        // A missing file and an unknown format are errors in words too.
        QVERIFY(store.importConversation(QUrl::fromLocalFile(dir.filePath(QStringLiteral("none.json"))))
                    .value(QStringLiteral("error")).toString().contains(QStringLiteral("does not exist")));
        QVERIFY(store.exportConversation(id, QUrl::fromLocalFile(dir.filePath(QStringLiteral("x"))), QStringLiteral("pdf"))
                    .contains(QStringLiteral("pdf")));
        QVERIFY(!store.exportConversation(id, QUrl::fromLocalFile(dir.filePath(QStringLiteral("no/such/dir/x.md"))),
                                          QStringLiteral("markdown")).isEmpty());
    }

    // Random damage to a valid export: every mutant imports or is refused in words.
    void mutatedFilesNeverCrash() {
        QJsonArray messages;
        for (int i = 0; i < 6; ++i)
            messages.append(QJsonObject{{"role", i % 2 ? "assistant" : "user"}, {"content", QStringLiteral("turn %1").arg(i)}});
        const QByteArray valid = json(QJsonObject{{"messages", messages}});
        QRandomGenerator rng(20261202);
        int ok = 0, refused = 0;
        for (int round = 0; round < 3000; ++round) {
            QByteArray mutant = valid;
            const int edits = 1 + int(rng.bounded(4));
            for (int e = 0; e < edits; ++e) {
                const int at = int(rng.bounded(quint32(mutant.size())));
                switch (rng.bounded(3)) {
                case 0: mutant[at] = char(rng.bounded(256)); break;
                case 1: mutant.remove(at, 1 + int(rng.bounded(8))); break;
                default: mutant.insert(at, "{[\"role\":null,]}"[rng.bounded(16)]); break;
                }
            }
            const ImportResult r = ConversationImport::read(mutant, QStringLiteral("m.json"));
            if (r.ok) {
                ++ok;
                QVERIFY(!r.conversation.messages.isEmpty());
            } else {
                ++refused;
                QVERIFY(!r.error.isEmpty());
            }
        }
        QVERIFY(refused > 100);
        QVERIFY(ok > 0);
    }

    void searchFindsTextInAnyConversation() {
        QTemporaryDir dir;
        ConversationStore store(dir.path(), nullptr);
        const QString first = add_conversation(store, QStringLiteral("What does ephemeral mean?"), QStringLiteral("Short-lived."));
        const QString second = add_conversation(store, QStringLiteral("Tell me a fortune"), QStringLiteral("A Ubiquitous penguin waddles by."));
        QVERIFY(!first.isEmpty() && !second.isEmpty());
        // The first conversation is closed: its file is searched.
        QVariantList hits = store.search(QStringLiteral("EPHEMERAL"));
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits[0].toMap().value(QStringLiteral("conversationId")).toString(), first);
        QVERIFY(hits[0].toMap().value(QStringLiteral("snippet")).toString().contains(QStringLiteral("ephemeral")));
        // Every word must occur, anywhere in the conversation (answers and reasoning too).
        QCOMPARE(store.search(QStringLiteral("penguin fortune")).size(), 1);
        QCOMPARE(store.search(QStringLiteral("penguin ephemeral")).size(), 0);
        QCOMPARE(store.search(QStringLiteral("glossary")).size(), 2);
        QCOMPARE(store.search(QStringLiteral("   ")).size(), 0);
        // Newest first.
        QCOMPARE(store.search(QStringLiteral("glossary"))[0].toMap().value(QStringLiteral("conversationId")).toString(), second);
        // Unsaved text in the open conversation is found, and a changed file is read again.
        store.messages()->appendUser(QStringLiteral("quokka"));
        QCOMPARE(store.search(QStringLiteral("quokka")).size(), 1);
        store.select(first);
        store.rename(first, QStringLiteral("Renamed to zeugma"));
        store.select(second);
        QCOMPARE(store.search(QStringLiteral("zeugma")).size(), 1);
    }
};

QTEST_MAIN(TestConversationExchange)
#include "test_conversation_exchange.moc"
