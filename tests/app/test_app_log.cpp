// The log file (app_log.h, rotating_log.h): it rotates at its size cap keeping N files
// with the newest lines in peng.log, every message is one line with its time, level
// and category, and the engine's notes reach it through the engine observer.
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "app_log.h"
#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "log_categories.h"
#include "rotating_log.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;

QStringList lines_of(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}
}  // namespace

class TestAppLog : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        // The engine's routing history goes under here, away from the other tests'.
        qputenv("XDG_DATA_HOME", QFile::encodeName(dir_.filePath(QStringLiteral("data"))));
        QStandardPaths::setTestModeEnabled(true);
    }
    void cleanup() { AppLog::uninstall(); }

    void rotatesPastTheCap() {
        const QString path = dir_.filePath(QStringLiteral("rotation/peng.log"));
        RotatingLog log(path, 1000, 3);
        QStringList written;
        for (int i = 0; i < 200; ++i) {
            written << QStringLiteral("line %1 of the rotation test, padded to some length").arg(i, 3, 10, QLatin1Char('0'));
            QVERIFY2(log.append(written.last().toUtf8()), qPrintable(log.error()));
        }
        QCOMPARE(log.files(), (QStringList{path + ".2", path + ".1", path}));
        QVERIFY(!QFile::exists(path + ".3"));
        for (const QString& file : log.files()) QVERIFY2(QFileInfo(file).size() <= 1000, qPrintable(file));
        // The newest file ends with the last line, and the files continue one another.
        const QStringList newest = lines_of(path), older = lines_of(path + ".1"), oldest = lines_of(path + ".2");
        QCOMPARE(newest.last(), written.last());
        QCOMPARE(oldest + older + newest, written.mid(written.size() - (oldest.size() + older.size() + newest.size())));
        QVERIFY(oldest.size() + older.size() + newest.size() < written.size());   // the oldest lines left
        QCOMPARE(log.lastLines(5), written.mid(195));
    }

    void handlerWritesTimeLevelAndCategory() {
        const QString folder = dir_.filePath(QStringLiteral("handler"));
        AppLog::install(folder);
        QCOMPARE(AppLog::path(), folder + QStringLiteral("/peng.log"));
        qCWarning(lcEngine, "engine says %d", 42);
        qCInfo(lcServer, "server listening");
        qCWarning(lcDownload) << "download stalled";
        qWarning("two\nlines");
        const QStringList lines = lines_of(AppLog::path());
        QCOMPARE(lines.size(), 4);
        const QString time = QStringLiteral("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z ");
        QVERIFY2(QRegularExpression(time + "warning peng\\.engine: engine says 42$").match(lines[0]).hasMatch(), qPrintable(lines[0]));
        QVERIFY2(QRegularExpression(time + "info peng\\.server: server listening$").match(lines[1]).hasMatch(), qPrintable(lines[1]));
        QVERIFY2(QRegularExpression(time + "warning peng\\.download: download stalled$").match(lines[2]).hasMatch(), qPrintable(lines[2]));
        QVERIFY2(QRegularExpression(time + "warning default: two \\| lines$").match(lines[3]).hasMatch(), qPrintable(lines[3]));
        // Warnings and errors only, oldest first.
        const QStringList problems = AppLog::lastProblems(10);
        QCOMPARE(problems.size(), 3);
        QVERIFY(problems[0].endsWith(QLatin1String("engine says 42")));
        QVERIFY(problems[2].endsWith(QLatin1String("two | lines")));
        QCOMPARE(AppLog::lastProblems(1), QStringList{lines[3]});
    }

    // A routing history the engine cannot read is a note from Engine::open, through
    // EngineObserver::on_note, to the log under peng.engine.
    void engineNotesReachTheLog() {
        AppLog::install(dir_.filePath(QStringLiteral("engine")));
        AppSettings settings(nullptr);
        settings.restoreDefaults();
        ConversationStore store(dir_.filePath(QStringLiteral("conversations")), nullptr);
        EngineController engine(&store, &settings);
        engine.openModel(kFixture);
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready || engine.state() == EngineController::Failed, kTimeout);
        QVERIFY2(engine.state() == EngineController::Ready, qPrintable(engine.errorText()));
        const QString history = QString::fromStdString(engine.summary().info.history_path);
        QVERIFY(history.startsWith(dir_.path()));
        QDir().mkpath(QFileInfo(history).absolutePath());
        QFile file(history);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("this is no routing history");
        file.close();

        engine.reopen();
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready || engine.state() == EngineController::Failed, kTimeout);
        const QStringList lines = lines_of(AppLog::path());
        const QString expected = QStringLiteral(" warning peng.engine: ") + history;
        QVERIFY2(std::any_of(lines.begin(), lines.end(), [&](const QString& l) { return l.contains(expected) && l.contains("ignored"); }),
                 qPrintable(lines.join('\n')));
    }
};

QTEST_MAIN(TestAppLog)
#include "test_app_log.moc"
