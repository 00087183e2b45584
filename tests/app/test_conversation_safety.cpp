// Conversations under the faults of issue 19, through the app's real save path
// (ConversationStore): a save that fails on the disk keeps the previous file byte
// for byte, keeps the messages open and says so; two stores (windows) on one folder
// lose nothing, because the second one only reads and says why.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

#include "../unit/file_size_limit.h"
#include "conversation_store.h"

namespace {

void add_exchange(ConversationStore& store, const QString& question) {
    store.messages()->appendUser(question);
    store.messages()->beginAnswer();
    store.messages()->appendToAnswer(QStringLiteral("An answer to: ") + question);
    GenerationStats stats;
    stats.completion_tokens = 6;
    stats.stop_reason = QStringLiteral("stop_token");
    store.messages()->finishAnswer(stats);
}

QByteArray bytes_of(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The files a user sees in the folder (the lock file is hidden).
QStringList files_in(const QString& folder) { return QDir(folder).entryList(QDir::Files, QDir::Name); }

}  // namespace

class TestConversationSafety : public QObject {
    Q_OBJECT
private slots:
    void aSaveThatFailsKeepsThePreviousVersion() {
        QTemporaryDir dir;
        ConversationStore store(dir.path(), nullptr);
        for (int i = 0; i < 4; ++i) add_exchange(store, QStringLiteral("Question %1").arg(i));  // 8 messages
        QVERIFY(store.saveCurrent());
        const QString path = dir.path() + QLatin1Char('/') + store.currentId() + QStringLiteral(".json");
        const QByteArray saved = bytes_of(path);
        QVERIFY(saved.size() > 1000);

        add_exchange(store, QStringLiteral("A question asked as the disk fills up"));
        bool ok = true;
        {
            FileSizeLimit full(1000);  // the new version no longer fits
            QVERIFY(full.ok());
            ok = store.saveCurrent();
        }
        QVERIFY(!ok);
        QCOMPARE(bytes_of(path), saved);                                   // on disk: the previous version
        QCOMPARE(files_in(dir.path()), QStringList{QFileInfo(path).fileName()});  // no temporary left
        QCOMPARE(store.messages()->rowCount(), 10);                        // in memory: nothing lost
        QCOMPARE(store.problems().size(), 1);
        const QString problem = store.problems().first();
        QVERIFY2(problem.contains(QStringLiteral("could not be saved")) && problem.contains(path) &&
                     problem.contains(QString::fromUtf8(std::strerror(EFBIG))) &&
                     problem.contains(QStringLiteral("last saved version is kept")),
                 qPrintable(problem));

        // A second failure replaces the notice rather than piling up another.
        {
            FileSizeLimit full(1000);
            QVERIFY(!store.saveCurrent());
        }
        QCOMPARE(store.problems().size(), 1);

        // With room again the next save writes everything and the notice goes.
        QVERIFY(store.saveCurrent());
        QVERIFY(store.problems().isEmpty());
        QVERIFY(bytes_of(path).contains("A question asked as the disk fills up"));
    }

    void aSecondStoreOnTheFolderOnlyReads() {
        QTemporaryDir dir;
        auto first = std::make_unique<ConversationStore>(dir.path(), nullptr);
        QVERIFY(!first->readOnly());
        add_exchange(*first, QStringLiteral("First window, first question"));
        QVERIFY(first->saveCurrent());
        const QString id = first->currentId();
        const QString path = dir.path() + QLatin1Char('/') + id + QStringLiteral(".json");

        ConversationStore second(dir.path(), nullptr);
        QVERIFY(second.readOnly());
        QVERIFY2(second.readOnlyReason().contains(QStringLiteral("Another Peng window")) &&
                     second.readOnlyReason().contains(QStringLiteral("nothing changed here is saved")),
                 qPrintable(second.readOnlyReason()));
        QCOMPARE(second.rowCount(), 1);  // it reads the conversations
        QCOMPARE(second.currentId(), id);

        // Both windows go on with the same conversation: only the first one writes.
        add_exchange(second, QStringLiteral("Second window's question"));
        QVERIFY(!second.saveCurrent());
        add_exchange(*first, QStringLiteral("First window, second question"));
        QVERIFY(first->saveCurrent());
        QVERIFY(!second.saveCurrent());
        second.rename(id, QStringLiteral("Renamed by the second window"));
        second.remove(id);
        QVERIFY(QFile::exists(path));

        // Once the first window closes, the folder is free, and nothing it saved was lost.
        first.reset();
        ConversationStore reopened(dir.path(), nullptr);
        QVERIFY(!reopened.readOnly());
        QCOMPARE(reopened.currentId(), id);
        QCOMPARE(reopened.messages()->rowCount(), 4);
        QCOMPARE(reopened.messages()->message(2).content, QStringLiteral("First window, second question"));
        QCOMPARE(reopened.currentTitle(), QStringLiteral("First window, first question"));
    }
};

QTEST_GUILESS_MAIN(TestConversationSafety)
#include "test_conversation_safety.moc"
