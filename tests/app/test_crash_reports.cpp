// The crash reports the window tells about at start (crash_reports.h): the newest not
// dismissed one, its text; dismissing keeps the files; only the newest ten stay.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "crash_reports.h"

namespace {
void write_report(const QString& folder, int n, const QDateTime& when) {
    QFile f(QStringLiteral("%1/crash-%2-100.txt").arg(folder).arg(1700000000 + n));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral("Peng crash report %1\n").arg(n).toUtf8());
    QVERIFY(f.flush());   // before the time is set: a later write would move it
    f.setFileTime(when, QFileDevice::FileModificationTime);
}
}  // namespace

class TestCrashReports : public QObject {
    Q_OBJECT

private slots:
    void newestPendingAndDismiss() {
        QTemporaryDir dir;
        QCOMPARE(CrashReports(dir.path(), nullptr).pending(), QString());
        const QDateTime start = QDateTime::currentDateTime().addDays(-1);
        for (int n = 0; n < 12; ++n) write_report(dir.path(), n, start.addSecs(n));

        CrashReports reports(dir.path(), nullptr);
        QCOMPARE(QFileInfo(reports.pending()).fileName(), QStringLiteral("crash-1700000011-100.txt"));
        QCOMPARE(reports.pendingText(), QStringLiteral("Peng crash report 11\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), CrashReports::kKeep);   // the two oldest went
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("crash-1700000000-100.txt"))));

        QSignalSpy changed(&reports, &CrashReports::changed);
        reports.dismiss();
        QCOMPARE(reports.pending(), QString());
        QCOMPARE(changed.count(), 1);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("crash-1700000011-100.seen.txt"))));
        QCOMPARE(CrashReports(dir.path(), nullptr).pending(), QString());

        // A new crash is pending again; the seen ones are not.
        write_report(dir.path(), 20, QDateTime::currentDateTime());
        QCOMPARE(QFileInfo(CrashReports(dir.path(), nullptr).pending()).fileName(), QStringLiteral("crash-1700000020-100.txt"));
    }
};

QTEST_GUILESS_MAIN(TestCrashReports)
#include "test_crash_reports.moc"
