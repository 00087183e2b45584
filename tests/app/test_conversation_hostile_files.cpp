// Hostile files in and around the conversations folder (issue 50): a conversation
// file is named after its id, so a file whose "id" is a path, holds odd characters
// or reuses another file's id is set aside with a note, never followed; nothing
// outside the folder is written or deleted, whatever the user does with the entries.
// A FIFO or a device is never read as a conversation (import or folder), and nothing
// larger than a conversation file can be is read whole.
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "conversation_file.h"
#include "conversation_store.h"

namespace {

QByteArray conversation_json(const QString& id, const QString& title) {
    const QJsonObject message{{"role", "user"}, {"content", "Hello from " + title}, {"created", "2026-01-01T00:00:00.000Z"}};
    return QJsonDocument(QJsonObject{{"format", "peng-conversation"},
                                     {"version", 1},
                                     {"id", id},
                                     {"title", title},
                                     {"created", "2026-01-01T00:00:00.000Z"},
                                     {"updated", "2026-01-01T00:00:00.000Z"},
                                     {"messages", QJsonArray{message}}})
        .toJson();
}

void write_all(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

QByteArray read_all(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Every path under `root` but inside `skip`, with its bytes: what must not change.
QMap<QString, QByteArray> snapshot_outside(const QString& root, const QString& skip) {
    QMap<QString, QByteArray> seen;
    QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path == skip || path.startsWith(skip + QLatin1Char('/'))) continue;
        seen.insert(path, it.fileInfo().isFile() ? read_all(path) : QByteArray("<folder>"));
    }
    return seen;
}

QString titles(const ConversationStore& store) {
    QStringList out;
    for (int r = 0; r < store.rowCount(); ++r) out << store.data(store.index(r), ConversationStore::TitleRole).toString();
    return out.join(QStringLiteral(", "));
}

// Everything a user can do to every entry the sidebar lists: open it, add to it and
// save, rename it, export it, delete it.
void use_every_entry(ConversationStore& store, const QString& export_to) {
    for (int round = 0; round < 20 && store.rowCount() > 0; ++round) {
        const QString id = store.data(store.index(0), ConversationStore::IdRole).toString();
        store.select(id);
        store.messages()->appendUser(QStringLiteral("one more question"));
        store.saveCurrent();
        store.rename(id, QStringLiteral("Renamed"));
        store.exportConversation(id, QUrl::fromLocalFile(export_to), QStringLiteral("json"));
        store.remove(id);
    }
}

bool any_contains(const QStringList& problems, const QStringList& words) {
    for (const QString& p : problems) {
        bool all = true;
        for (const QString& w : words) all = all && p.contains(w);
        if (all) return true;
    }
    return false;
}

}  // namespace

class TestConversationHostileFiles : public QObject {
    Q_OBJECT
private slots:
    void anIdThatIsAPathNeverLeavesTheFolder() {
        QTemporaryDir root;
        const QString folder = root.filePath(QStringLiteral("a/b/conversations"));
        QVERIFY(QDir().mkpath(folder));
        // What ../../../victim.json names from the folder, and a file beside the folder.
        write_all(root.filePath(QStringLiteral("victim.json")), conversation_json(QStringLiteral("victim"), "Victim"));
        write_all(root.filePath(QStringLiteral("a/b/keep.json")), "not a conversation, and not Peng's");
        const QByteArray hostile = conversation_json(QStringLiteral("../../../victim"), QStringLiteral("Hostile"));
        write_all(folder + QStringLiteral("/hostile.json"), hostile);
        const QMap<QString, QByteArray> before = snapshot_outside(root.path(), folder);

        QString listed;
        QStringList problems;
        {
            ConversationStore store(folder, nullptr);
            listed = titles(store);
            problems = store.problems();
            // A saved conversation of its own, then every action on every entry.
            store.messages()->appendUser(QStringLiteral("a real question"));
            QVERIFY(store.saveCurrent());
            use_every_entry(store, folder + QStringLiteral("/exported.json"));
            // The same ids passed straight in (QML could pass any string).
            const QString path_id = QStringLiteral("../../../victim");
            store.select(path_id);
            store.rename(path_id, QStringLiteral("Renamed"));
            QVERIFY(!store.exportConversation(path_id, QUrl::fromLocalFile(folder + QStringLiteral("/x.md")),
                                              QStringLiteral("markdown")).isEmpty());
            store.remove(path_id);
            store.remove(QStringLiteral("../keep"));
        }
        QCOMPARE(snapshot_outside(root.path(), folder), before);
        QVERIFY2(listed.isEmpty(), qPrintable(listed));
        QVERIFY2(any_contains(problems, {QStringLiteral("hostile.json"), QStringLiteral("../../../victim"),
                                         QStringLiteral("not one Peng gives")}),
                 qPrintable(problems.join('\n')));
        // The hostile file is kept, set aside, for whoever wants to look at it.
        QCOMPARE(read_all(folder + QStringLiteral("/hostile.json.damaged")), hostile);
    }

    void anImpostorCannotDeleteTheConversationWhoseIdItReuses() {
        QTemporaryDir dir;
        QString id;
        {
            ConversationStore store(dir.path(), nullptr);
            store.messages()->appendUser(QStringLiteral("The real conversation"));
            QVERIFY(store.saveCurrent());
            id = store.currentId();
        }
        const QString real_path = dir.filePath(id + QStringLiteral(".json"));
        const QByteArray real = read_all(real_path);
        const QByteArray impostor = conversation_json(id, QStringLiteral("Impostor"));
        write_all(dir.filePath(QStringLiteral("impostor.json")), impostor);

        ConversationStore store(dir.path(), nullptr);
        QVERIFY2(store.rowCount() == 1, qPrintable(titles(store)));
        QCOMPARE(store.currentId(), id);
        QCOMPARE(store.currentTitle(), QStringLiteral("The real conversation"));
        QVERIFY2(any_contains(store.problems(), {QStringLiteral("impostor.json"), QStringLiteral("is not its file name")}),
                 qPrintable(store.problems().join('\n')));
        // The user deletes whatever shows the impostor's title: nothing does, and the real file stays.
        for (int r = store.rowCount() - 1; r >= 0; --r)
            if (store.data(store.index(r), ConversationStore::TitleRole).toString() == QStringLiteral("Impostor"))
                store.remove(store.data(store.index(r), ConversationStore::IdRole).toString());
        QCOMPARE(read_all(real_path), real);
        QCOMPARE(read_all(dir.filePath(QStringLiteral("impostor.json.damaged"))), impostor);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("impostor.json"))));
    }

    void anIdWithOddCharactersIsSetAside() {
        QTemporaryDir dir;
        // Named after their ids, but a backslash is a separator on Windows, and a space,
        // a dot or a character outside ASCII is nothing Peng gives. (A name starting with
        // a dot is a hidden file, which the store never lists.)
        const QStringList ids{QStringLiteral("x\\..\\..\\victim"), QStringLiteral("two words"), QStringLiteral("a.b"),
                              QStringLiteral("caf\u00e9"), QString(65, QLatin1Char('a'))};
        for (const QString& id : ids) write_all(dir.filePath(id + QStringLiteral(".json")), conversation_json(id, id));
        ConversationStore store(dir.path(), nullptr);
        QVERIFY2(store.rowCount() == 0, qPrintable(titles(store)));
        QCOMPARE(store.problems().size(), ids.size());
        for (const QString& id : ids) {
            QVERIFY2(any_contains(store.problems(), {id + QStringLiteral(".json"), QStringLiteral("not one Peng gives")}),
                     qPrintable(id));
            QVERIFY(QFile::exists(dir.filePath(id + QStringLiteral(".json.damaged"))));
        }
    }

    void aReadOnlyWindowLeavesAHostileFileInPlace() {
        QTemporaryDir dir;
        ConversationStore first(dir.path(), nullptr);
        const QByteArray hostile = conversation_json(QStringLiteral("../victim"), QStringLiteral("Hostile"));
        write_all(dir.filePath(QStringLiteral("hostile.json")), hostile);
        ConversationStore second(dir.path(), nullptr);
        QVERIFY(second.readOnly());
        QCOMPARE(second.rowCount(), 0);
        QVERIFY(any_contains(second.problems(), {QStringLiteral("hostile.json"), QStringLiteral("left in place")}));
        QCOMPARE(read_all(dir.filePath(QStringLiteral("hostile.json"))), hostile);
    }

#ifdef Q_OS_UNIX
    void aDeviceIsNeitherImportedNorRead() {
        QTemporaryDir dir;
        ConversationStore store(dir.path(), nullptr);
        const QVariantMap result = store.importConversation(QUrl::fromLocalFile(QStringLiteral("/dev/zero")));
        QVERIFY(!result.value(QStringLiteral("ok")).toBool());
        const QString error = result.value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(QStringLiteral("/dev/zero")) && error.contains(QStringLiteral("character device")),
                 qPrintable(error));
        QCOMPARE(store.rowCount(), 0);

        // A conversation file that is a link to the device: set aside, the device untouched.
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), dir.filePath(QStringLiteral("zero.json"))));
        const ConversationFile::ReadResult read = ConversationFile::read(dir.filePath(QStringLiteral("zero.json")));
        QVERIFY(!read.ok);
        QVERIFY2(read.error.contains(QStringLiteral("zero.json")) && read.error.contains(QStringLiteral("character device")),
                 qPrintable(read.error));
        store.reload();
        QCOMPARE(store.rowCount(), 0);
    }

    void aFifoIsRefusedWithoutWaitingOnIt() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("chat.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        ConversationStore store(dir.path() + QStringLiteral("/store"), nullptr);
        // Should the import open the FIFO and wait for a writer, this one comes and goes,
        // so that the test ends (and fails) rather than hangs.
        std::atomic<bool> done{false}, writer_came{false};
        std::thread writer([&] {
            for (int i = 0; i < 500 && !done; ++i) {
                const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
                if (fd >= 0) {   // only succeeds while someone has the FIFO open for reading
                    ::close(fd);
                    writer_came = true;
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
        QElapsedTimer timer;
        timer.start();
        const QVariantMap result = store.importConversation(QUrl::fromLocalFile(fifo));
        done = true;
        writer.join();
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY(!writer_came);  // the import never opened it
        QVERIFY(!result.value(QStringLiteral("ok")).toBool());
        const QString error = result.value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(fifo) && error.contains(QStringLiteral("FIFO")), qPrintable(error));
    }
#endif

    void aFileLargerThanAConversationIsRefusedBeforeReading() {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.json"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(ConversationFile::kMaxBytes + 1));  // sparse: no disk used
        }
        ConversationStore store(dir.path() + QStringLiteral("/store"), nullptr);
        const QVariantMap result = store.importConversation(QUrl::fromLocalFile(big));
        QVERIFY(!result.value(QStringLiteral("ok")).toBool());
        const QString error = result.value(QStringLiteral("error")).toString();
        QVERIFY2(error.contains(big) && error.contains(QStringLiteral("more than")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestConversationHostileFiles)
#include "test_conversation_hostile_files.moc"
