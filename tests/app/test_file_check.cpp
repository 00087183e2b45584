// The app's "Verify files" (issue 19, case 12): records a folder's SHA-256, finds
// it unchanged, then names the one file whose bytes were changed; a folder with no
// record says so and offers to make one. Runs the real FileCheck on its thread.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "file_check.h"

class TestFileCheck : public QObject {
    Q_OBJECT

    static void write(const QString& path, const QByteArray& bytes) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(bytes), bytes.size());
    }

    static void run(FileCheck& check, bool record, const QString& dir) {
        QSignalSpy finished(&check, &FileCheck::finished);
        record ? check.record(dir) : check.verify(dir);
        QVERIFY(check.running());
        QVERIFY(finished.wait(30000));
        QVERIFY(!check.running());
    }

private slots:
    void records_verifies_and_names_a_changed_file() {
        QTemporaryDir dir;
        write(dir.filePath("config.json"), "{\"hidden_size\": 64}");
        write(dir.filePath("model-00001.safetensors"), QByteArray(3 << 20, 'x'));
        FileCheck check;

        run(check, false, dir.path());
        QVERIFY(check.noRecord());
        QVERIFY(!check.passed());

        run(check, true, dir.path());
        QVERIFY(check.passed());
        QVERIFY(QFile::exists(dir.filePath("SHA256SUMS")));

        run(check, false, dir.path());
        QVERIFY2(check.passed(), qPrintable(check.resultText()));
        QVERIFY(check.changedFiles().isEmpty());
        QCOMPARE(check.progress(), 1.0);

        QFile shard(dir.filePath("model-00001.safetensors"));
        QVERIFY(shard.open(QIODevice::ReadWrite));
        shard.seek(1 << 20);
        shard.write("y");
        shard.close();
        run(check, false, dir.path());
        QVERIFY(!check.passed());
        QCOMPARE(check.changedFiles(), QStringList{"model-00001.safetensors (changed)"});
        QVERIFY(check.resultText().contains("1 file"));
    }
};

QTEST_GUILESS_MAIN(TestFileCheck)
#include "test_file_check.moc"
