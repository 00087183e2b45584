// Sampling and length defaults (issue 24): settings the user has not touched follow the
// open model's generation_config.json (the engine's reading, ModelInfo::generation),
// shown as "model default"; the user can override and go back. The answer length is
// the whole context unless the user limits it.
#include "controller_fixture.h"

namespace {
// tiny-fp8 states V2.5's temperature 1.0 and top_p 0.95; tiny-mxfp4 states none.
const QString kWithDefaults = QStringLiteral(PENG_FIXTURE_DIR "/tiny-fp8");
const QString kWithout = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;
}  // namespace

class TestModelDefaults : public QObject, ControllerFixture {
    Q_OBJECT

    void open(const QString& dir) {
        engine_->openModel(dir);
        waitReady();
    }

public:
    TestModelDefaults() : ControllerFixture(kTimeout) {}

private slots:
    void initTestCase() {
        makeController();
    }
    void cleanupTestCase() { settings_->restoreDefaults(); }

    void samplingFollowsTheModel() {
        QCOMPARE(settings_->temperature(), 0.8);   // the table's, before any model
        QVERIFY(!settings_->followsModel(QStringLiteral("temperature")));
        open(kWithDefaults);
        QCOMPARE(settings_->modelDefaults(), (QVariantMap{{"temperature", 1.0}, {"topP", 0.95}}));
        QCOMPARE(settings_->temperature(), 1.0);
        QCOMPARE(settings_->topP(), 0.95);
        QVERIFY(settings_->followsModel(QStringLiteral("temperature")));
        QVERIFY(settings_->followsModel(QStringLiteral("topP")));
        QVERIFY(!settings_->followsModel(QStringLiteral("topK")));   // not stated: the table's 0
        QCOMPARE(settings_->topK(), 0);
        QCOMPARE(settings_->defaultValue(QStringLiteral("temperature")).toDouble(), 1.0);
    }

    void overrideAndReturn() {
        QSignalSpy changed(settings_.get(), &AppSettings::changed);
        settings_->setTemperature(1.0);   // the value in effect: still following the model
        QVERIFY(settings_->followsModel(QStringLiteral("temperature")));
        settings_->setTemperature(0.3);
        QCOMPARE(settings_->temperature(), 0.3);
        QVERIFY(!settings_->followsModel(QStringLiteral("temperature")));
        settings_->resetToDefault(QStringLiteral("temperature"));
        QCOMPARE(settings_->temperature(), 1.0);
        QVERIFY(settings_->followsModel(QStringLiteral("temperature")));
        QCOMPARE(changed.count(), 2);
        // Restore defaults keeps following the model.
        settings_->setTopP(0.5);
        settings_->restoreDefaults();
        QCOMPARE(settings_->topP(), 0.95);
    }

    void aModelWithoutDefaultsUsesTheTable() {
        open(kWithout);
        QVERIFY(settings_->modelDefaults().isEmpty());
        QCOMPARE(settings_->temperature(), 0.8);
        QCOMPARE(settings_->topP(), 0.95);
        QVERIFY(!settings_->followsModel(QStringLiteral("temperature")));
        // A checkpoint's value out of range is refused like a stored one (on settings of
        // their own: the controller's follow the open model).
        AppSettings alone(nullptr);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression("^the model's default temperature must be a number from 0 to "
                                                              "100, got '500'; using 0.8$"));
        alone.setModelDefaults({{"temperature", 500.0}, {"topP", 0.5}});
        QCOMPARE(alone.modelDefaults(), (QVariantMap{{"topP", 0.5}}));
        QCOMPARE(alone.temperature(), 0.8);
        QCOMPARE(alone.topP(), 0.5);
    }

    // With thinking on, 512 tokens cut real answers inside their thinking: by default an
    // answer may fill what the context leaves (the engine stops there).
    void answerLengthIsTheContextByDefault() {
        QCOMPARE(settings_->maxTokens(), 0);
        const int context = engine_->modelInfo().value(QStringLiteral("contextTokens")).toInt();
        QCOMPARE(context, engine_->summary().info.context_tokens);
        QVERIFY(context > 512);
        QCOMPARE(AppSettings::answerTokens(settings_->maxTokens(), context), context);
        settings_->setMaxTokens(100);
        QCOMPARE(AppSettings::answerTokens(settings_->maxTokens(), context), 100);
        settings_->setMaxTokens(0);
    }
};

QTEST_MAIN(TestModelDefaults)
#include "test_model_defaults.moc"
