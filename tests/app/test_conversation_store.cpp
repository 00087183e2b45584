// Conversations survive: atomic saves, reload, and a damaged or newer file is
// reported in words and never deleted or overwritten.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "conversation_store.h"

class TestConversationStore : public QObject {
    Q_OBJECT
private slots:
    void savesAndReloads() {
        QTemporaryDir dir;
        QString id;
        {
            ConversationStore store(dir.path(), nullptr);
            store.messages()->appendUser(QStringLiteral("What is MoE?"));
            store.messages()->beginAnswer();
            store.messages()->appendToAnswer(QStringLiteral("<think>recall</think>Mixture of experts."));
            GenerationStats stats;
            stats.completion_tokens = 5;
            stats.stop_reason = QStringLiteral("stop_token");
            store.messages()->finishAnswer(stats);
            store.setSystemPrompt(QStringLiteral("Be brief."));
            QVERIFY(store.saveCurrent());
            id = store.currentId();
            QCOMPARE(store.rowCount(), 1);
            QCOMPARE(store.currentTitle(), QStringLiteral("What is MoE?"));
            // No temporary file is left beside the saved one.
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
        }
        ConversationStore again(dir.path(), nullptr);
        QCOMPARE(again.rowCount(), 1);
        QCOMPARE(again.currentId(), id);
        QCOMPARE(again.systemPrompt(), QStringLiteral("Be brief."));
        QCOMPARE(again.messages()->rowCount(), 2);
        const ChatMessage answer = again.messages()->message(1);
        QCOMPARE(answer.content, QStringLiteral("Mixture of experts."));
        QCOMPARE(answer.thinking, QStringLiteral("recall"));
        QCOMPARE(answer.stats.value(QStringLiteral("stopReason")).toString(), QStringLiteral("stop_token"));
    }

    void renameAndDelete() {
        QTemporaryDir dir;
        ConversationStore store(dir.path(), nullptr);
        store.messages()->appendUser(QStringLiteral("one"));
        QVERIFY(store.saveCurrent());
        const QString first = store.currentId();
        store.newConversation();
        store.messages()->appendUser(QStringLiteral("two"));
        QVERIFY(store.saveCurrent());
        QCOMPARE(store.rowCount(), 2);
        store.rename(first, QStringLiteral("Renamed"));
        ConversationStore reread(dir.path(), nullptr);
        bool found = false;
        for (int r = 0; r < reread.rowCount(); ++r)
            found |= reread.data(reread.index(r), ConversationStore::TitleRole).toString() == QStringLiteral("Renamed");
        QVERIFY(found);
        store.remove(first);
        QCOMPARE(store.rowCount(), 1);
        QVERIFY(!QFile::exists(dir.path() + "/" + first + ".json"));
    }

    void aDamagedFileIsSetAsideAndReported() {
        QTemporaryDir dir;
        {
            ConversationStore store(dir.path(), nullptr);
            store.messages()->appendUser(QStringLiteral("keep me"));
            QVERIFY(store.saveCurrent());
        }
        const QByteArray garbage = "{\"format\": \"peng-conversation\", \"version\": 1, \"messages\": [ {";
        QFile bad(dir.path() + "/broken.json");
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(garbage);
        bad.close();

        ConversationStore store(dir.path(), nullptr);
        QCOMPARE(store.rowCount(), 1);  // the good one still loads
        QCOMPARE(store.problems().size(), 1);
        QVERIFY2(store.problems().first().contains(QStringLiteral("broken.json")), qPrintable(store.problems().first()));
        QVERIFY(store.problems().first().contains(QStringLiteral("not valid JSON")));
        // Nothing lost: the bytes are kept under a new name.
        QFile aside(dir.path() + "/broken.json.damaged");
        QVERIFY(aside.open(QIODevice::ReadOnly));
        QCOMPARE(aside.readAll(), garbage);
        QVERIFY(!QFile::exists(dir.path() + "/broken.json"));
    }

    void aNewerFileIsLeftUntouched() {
        QTemporaryDir dir;
        const QByteArray future = R"({"format":"peng-conversation","version":99,"id":"f","messages":[]})";
        QFile f(dir.path() + "/f.json");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(future);
        f.close();
        ConversationStore store(dir.path(), nullptr);
        QCOMPARE(store.problems().size(), 1);
        QVERIFY(store.problems().first().contains(QStringLiteral("newer")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), future);
    }
};

QTEST_GUILESS_MAIN(TestConversationStore)
#include "test_conversation_store.moc"
