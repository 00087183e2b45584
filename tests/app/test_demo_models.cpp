// The two built-in demos (issue 25): openDemo() opens the trained demo that ships with
// Peng (no generation, no random-weights marker) and it answers a question of the kind
// it learnt; openStressDemo() generates the Flash-shape random demo into the data folder
// and opens it, marked as random. modelInfo names each kind, which the banners follow.
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include "api/trained_demo.h"
#include "controller_fixture.h"

namespace {
constexpr int kTimeout = 300000;  // generating the stress demo on a loaded 2-core machine

// The shipped demo's config.json, read here independently of the engine.
QJsonObject shippedConfig(const QString& dir) {
    QFile file(dir + QStringLiteral("/config.json"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}
}  // namespace

class TestDemoModels : public QObject, ControllerFixture {
    Q_OBJECT

public:
    TestDemoModels() : ControllerFixture(kTimeout) {}

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).removeRecursively();
        makeController([](AppSettings& s) {
            s.setTemperature(0);
            s.setMaxTokens(48);
        });
    }

    void theTrainedDemoOpensAsShipped() {
        const QString shipped = QString::fromStdString(peng::trained_demo_dir());
        engine_->openDemo();
        QCOMPARE(engine_->state(), EngineController::Loading);  // opened in place, nothing generated
        waitReady();
        const QVariantMap info = engine_->modelInfo();
        QCOMPARE(QFileInfo(info.value("dir").toString()), QFileInfo(shipped));
        QCOMPARE(info.value("demoKind").toString(), QStringLiteral("trained"));
        QVERIFY(info.value("isDemo").toBool());
        QVERIFY(!engine_->randomWeights());
        const QJsonObject config = shippedConfig(shipped);
        QVERIFY(config.value("num_hidden_layers").toInt() > 0);
        QCOMPARE(info.value("layers").toInt(), config.value("num_hidden_layers").toInt());
        QCOMPARE(info.value("experts").toInt(), config.value("n_routed_experts").toInt());
        QCOMPARE(settings_->lastModel(), info.value("dir").toString());
        // Nothing of the stress demo was made.
        QVERIFY(!QFileInfo::exists(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/models/demo"));
    }

    void theTrainedDemoAnswersAQuestion() {
        store_->newConversation();
        store_->setThinking(false);
        engine_->send(QStringLiteral("What does house mean?"));
        QCOMPARE(engine_->state(), EngineController::Generating);
        waitReady();
        const ChatMessage answer = store_->messages()->message(1);
        QCOMPARE(answer.role, QStringLiteral("assistant"));
        // It learnt the commonest words' meanings by heart, and the app decodes greedily
        // (the shipped generation_config.json), so the meaning comes back as taught.
        QVERIFY2(answer.content.contains(QStringLiteral("\"house\" is a noun that means a dwelling")),
                 qPrintable(answer.content));
    }

    void theStressDemoIsGeneratedAndMarkedRandom() {
        engine_->openStressDemo();
        QCOMPARE(engine_->state(), EngineController::MakingDemo);
        waitReady();
        const QVariantMap info = engine_->modelInfo();
        QCOMPARE(info.value("demoKind").toString(), QStringLiteral("stress"));
        QVERIFY(info.value("isDemo").toBool());
        QVERIFY(engine_->randomWeights());
        QCOMPARE(info.value("experts").toInt(), 256);
        // And back: the trained demo again, in place.
        engine_->openDemo();
        waitReady();
        QCOMPARE(engine_->modelInfo().value("demoKind").toString(), QStringLiteral("trained"));
        QVERIFY(!engine_->randomWeights());
    }

    void cleanupTestCase() { engine_.reset(); }
};

QTEST_MAIN(TestDemoModels)
#include "test_demo_models.moc"
