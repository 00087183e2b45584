// The app opening a model folder whose config.json, tokenizer.json or chat template
// is a FIFO (issue 19, case 10): the open (or, for the template, which the engine
// reads at open but reports at the first answer, the answer) fails with a message
// naming the file and what it is, instead of blocking forever.
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <filesystem>

#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 60000;
}  // namespace

class TestSpecialModelFiles : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void fifoModelFileFailsTheOpen_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("config.json") << "config.json";
        QTest::newRow("tokenizer.json") << "tokenizer.json";
        QTest::newRow("chat_template.jinja") << "chat_template.jinja";
    }
    void fifoModelFileFailsTheOpen() {
        QFETCH(QString, file);
        const QString model = dir_.path() + "/model-" + file;
        std::filesystem::copy(kFixture.toStdString(), model.toStdString(), std::filesystem::copy_options::recursive);
        const QString fifo = model + "/" + file;
        QVERIFY(QFile::remove(fifo));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);

        AppSettings settings(nullptr);
        ConversationStore store(dir_.path() + "/conversations-" + file, nullptr);
        EngineController engine(&store, &settings);
        engine.openModel(model);
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready || engine.state() == EngineController::Failed,
                                 kTimeout);
        const QString expected = fifo + ": is a FIFO, not a regular file";
        if (file != "chat_template.jinja") {
            QCOMPARE(engine.state(), EngineController::Failed);
            QVERIFY2(engine.errorText().contains(expected), qPrintable(engine.errorText()));
            return;
        }
        QVERIFY2(engine.state() == EngineController::Ready, qPrintable(engine.errorText()));
        engine.send(QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, kTimeout);
        const ChatMessage answer = store.messages()->message(store.messages()->rowCount() - 1);
        QVERIFY2(answer.error.contains(expected), qPrintable(answer.error));
    }
};

QTEST_GUILESS_MAIN(TestSpecialModelFiles)
#include "test_special_model_files.moc"
