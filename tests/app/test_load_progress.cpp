// Opening a model reports real, determinate progress, and a bad folder is refused
// with a sentence that says what is wrong.
#include <QFile>
#include <QtTest>

#include "app_window.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;

void expect_rising_to_one(const QList<double>& fractions) {
    QVERIFY(fractions.size() >= 3);
    for (int i = 1; i < fractions.size(); ++i)
        QVERIFY2(fractions[i] >= fractions[i - 1], qPrintable(QStringLiteral("step %1 went back").arg(i)));
    QVERIFY(fractions.front() >= 0);
    QCOMPARE(fractions.back(), 1.0);
    QVERIFY(std::any_of(fractions.begin(), fractions.end(), [](double f) { return f > 0 && f < 1; }));
}
}  // namespace

class TestLoadProgress : public QObject {
    Q_OBJECT
    AppWindow app_;  // the controllers only: these checks need no window
    EngineController* engine_ = &app_.engine;

private slots:
    void openingReportsDenseProgress() {
        QList<double> fractions;
        QStringList lines;
        connect(engine_, &EngineController::progressChanged, this, [&] {
            fractions.append(engine_->progress());
            lines.append(engine_->progressText());
        });
        engine_->openModel(kFixture);
        QTRY_VERIFY_WITH_TIMEOUT(engine_->state() != EngineController::Loading, kTimeout);
        QVERIFY2(engine_->state() == EngineController::Ready, qPrintable(engine_->errorText()));
        disconnect(engine_, &EngineController::progressChanged, this, nullptr);
        expect_rising_to_one(fractions);
        QVERIFY(lines.filter(QStringLiteral("dense weights")).size() >= 3);
    }

    void badFoldersSayWhy_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "missing" << "does not exist";
        QTest::newRow("file") << "file" << "is a file, not a folder";
        QTest::newRow("empty folder") << "empty" << "has no config.json";
        QTest::newRow("config only") << "config" << "no .safetensors files";
        QTest::newRow("broken config") << "broken" << "config.json";
    }

    void badFoldersSayWhy() {
        QFETCH(QString, what);
        QFETCH(QString, expected);
        QTemporaryDir scratch;
        QString path = scratch.filePath(what);
        if (what == "file") {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
        } else if (what != "missing") {
            QVERIFY(QDir().mkpath(path));
            if (what == "config" || what == "broken") {
                QFile f(path + "/config.json");
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(what == "broken" ? "{ not json" : "{}");
            }
            if (what == "broken")
                for (const char* name : {"/model.safetensors", "/tokenizer.json"}) {
                    QFile f(path + name);
                    QVERIFY(f.open(QIODevice::WriteOnly));
                }
        }
        engine_->openModel(path);
        QTRY_VERIFY_WITH_TIMEOUT(engine_->state() != EngineController::Loading, kTimeout);
        QCOMPARE(engine_->state(), EngineController::Failed);
        QVERIFY2(engine_->errorText().contains(expected), qPrintable(engine_->errorText()));
        QVERIFY(engine_->modelInfo().isEmpty());
    }

};

QTEST_MAIN(TestLoadProgress)
#include "test_load_progress.moc"
