// EngineController end to end on the tiny generated checkpoint: open, stream an
// answer into the chat, stop mid-answer, regenerate, switch conversations and reopen
// with the KV cache reused, edit and resend.
#include "controller_fixture.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;
}

class TestEngineController : public QObject, ControllerFixture {
    Q_OBJECT

public:
    TestEngineController() : ControllerFixture(kTimeout) {}

private slots:
    void initTestCase() {
        makeController([](AppSettings& s) {
            s.setTemperature(0);  // greedy: the same answer every run
            s.setMaxTokens(12);
            s.setExpertCap(2);    // few slots, so experts stream and get evicted
        });
        engine_->openModel(kFixture);
        waitReady();
        QCOMPARE(engine_->modelInfo().value("expertCap").toInt(), 2);
        QVERIFY(engine_->randomWeights());
    }

    void streamsAnAnswer() {
        QSignalSpy rows(store_->messages(), &QAbstractItemModel::dataChanged);
        engine_->send(QStringLiteral("Hello there"));
        QCOMPARE(engine_->state(), EngineController::Generating);
        waitReady();
        ChatModel* chat = store_->messages();
        QCOMPARE(chat->rowCount(), 2);
        const ChatMessage answer = chat->message(1);
        QCOMPARE(answer.role, QStringLiteral("assistant"));
        QVERIFY(answer.stats.value("completionTokens").toInt() > 0);
        QVERIFY(answer.stats.value("completionTokens").toInt() <= 12);
        QVERIFY(!answer.content.isEmpty() || !answer.thinking.isEmpty());
        QVERIFY(rows.count() > 0);
        for (const auto& args : rows) QCOMPARE(args.at(0).toModelIndex().row(), 1);

        // The brain saw every MoE layer's experts; the profile got one entry per decoded token.
        BrainModel* brain = engine_->brain();
        const QVariantMap m = engine_->modelInfo();
        QCOMPARE(brain->layers(), m.value("layers").toInt());
        int total = 0;
        for (const QVariant& c : brain->tierCounts()) total += c.toInt();
        QCOMPARE(total, m.value("moeLayers").toInt() * m.value("experts").toInt());
        QVERIFY(brain->tierCounts().at(int(BrainTier::Slot)).toInt() > 0);
        QVERIFY(brain->tierCounts().at(int(BrainTier::Slot)).toInt() <= 2 * m.value("moeLayers").toInt());
        QCOMPARE(engine_->profile()->count(), answer.stats.value("completionTokens").toInt() - 1);
        // The question and the answer are on disk.
        ConversationStore reread(dir_.path(), nullptr);
        QCOMPARE(reread.messages()->rowCount(), 2);
    }

    void stopEndsTheAnswer() {
        settings_->setMaxTokens(100000);
        engine_->send(QStringLiteral("Tell me a long story"));
        QTRY_VERIFY_WITH_TIMEOUT(engine_->profile()->count() >= 3, kTimeout);
        engine_->stop();
        QTRY_VERIFY_WITH_TIMEOUT(engine_->state() == EngineController::Ready, 20000);
        const ChatMessage answer = store_->messages()->message(store_->messages()->rowCount() - 1);
        QCOMPARE(answer.stats.value("stopReason").toString(), QStringLiteral("cancelled"));
        QVERIFY(answer.stats.value("completionTokens").toInt() < 100000);
        settings_->setMaxTokens(12);
    }

    void regenerateReplacesTheLastAnswer() {
        const int rows = store_->messages()->rowCount();
        engine_->regenerate();
        waitReady();
        QCOMPARE(store_->messages()->rowCount(), rows);
        const QVariantMap stats = store_->messages()->message(rows - 1).stats;
        QCOMPARE(stats.value("stopReason").toString() != QStringLiteral("cancelled"), true);
        // The prompt is the one answered before: all of it but its last token is reused.
        QCOMPARE(stats.value("reusedTokens").toInt(), stats.value("promptTokens").toInt() - 1);
    }

    // Switching to another conversation and back, and reopening the model (as after a
    // restart), reuse the conversation's KV cache: from RAM, then from its file.
    void switchingAndReopeningReuseTheCache() {
        const QString first = store_->currentId();
        store_->newConversation();
        engine_->send(QStringLiteral("Something else entirely"));
        waitReady();
        store_->select(first);
        engine_->regenerate();
        waitReady();
        QVariantMap stats = store_->messages()->message(store_->messages()->rowCount() - 1).stats;
        QCOMPARE(stats.value("reusedFrom").toString(), QStringLiteral("memory"));
        QCOMPARE(stats.value("reusedTokens").toInt(), stats.value("promptTokens").toInt() - 1);

        engine_->reopen();
        waitReady();
        engine_->regenerate();
        waitReady();
        stats = store_->messages()->message(store_->messages()->rowCount() - 1).stats;
        QCOMPARE(stats.value("reusedFrom").toString(), QStringLiteral("disk"));
        QCOMPARE(stats.value("reusedTokens").toInt(), stats.value("promptTokens").toInt() - 1);
    }

    void editAndResendDropsWhatFollowed() {
        engine_->editAndResend(0, QStringLiteral("Hello again"));
        waitReady();
        QCOMPARE(store_->messages()->rowCount(), 2);
        QCOMPARE(store_->messages()->message(0).content, QStringLiteral("Hello again"));
    }

    void cleanupTestCase() {
        engine_.reset();
        store_.reset();
        settings_->restoreDefaults();
    }
};

QTEST_GUILESS_MAIN(TestEngineController)
#include "test_engine_controller.moc"
