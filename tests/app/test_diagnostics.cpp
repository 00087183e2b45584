// "Copy diagnostics" (diagnostics.h): with a model open and an error in the log, the
// report holds the versions and build options, the hardware as the engine reports it,
// the plan the model opened with, the settings, and that error; Copy puts it on the
// clipboard.
#include <QClipboard>
#include <QGuiApplication>
#include <QTemporaryDir>
#include <QtTest>

#include "app_log.h"
#include "app_settings.h"
#include "conversation_store.h"
#include "diagnostics.h"
#include "engine_controller.h"
#include "hardware_probe.h"
#include "log_categories.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-fp8");
constexpr int kTimeout = 120000;
}  // namespace

class TestDiagnostics : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void reportHoldsVersionsHardwarePlanAndLastError() {
        AppLog::install(dir_.filePath(QStringLiteral("logs")));
        AppSettings settings(nullptr);
        settings.restoreDefaults();
        settings.setExpertCap(3);
        ConversationStore store(dir_.filePath(QStringLiteral("conversations")), nullptr);
        EngineController engine(&store, &settings);
        Diagnostics diagnostics(&engine, &settings, nullptr);

        QVERIFY(diagnostics.text().contains(QLatin1String("no model open")));
        engine.openModel(kFixture);
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready || engine.state() == EngineController::Failed, kTimeout);
        QVERIFY2(engine.state() == EngineController::Ready, qPrintable(engine.errorText()));
        qCWarning(lcEngine, "a deliberate error for the diagnostics test");
        qCInfo(lcApp, "an info line, not an error");

        const QString text = diagnostics.text();
        const HardwareInfo hardware = probe_hardware();
        const peng::Plan& plan = engine.summary().info.plan;
        const QStringList expected{
            QStringLiteral("Peng " PENG_VERSION "\n"),
            QStringLiteral("Qt %1 (built against " QT_VERSION_STR ")").arg(qVersion()),
            QStringLiteral("compiler: "),
            QStringLiteral("CUDA tier: "),
            QStringLiteral("kernel path: ") + hardware.kernel_path,
            QStringLiteral("GPU: ") + hardware.gpu,
            QStringLiteral("model: ") + kFixture + QStringLiteral(" (FP8 experts"),
            QStringLiteral("context: %1 tokens").arg(engine.summary().info.context_tokens),
            QStringLiteral("%1 slots per layer (3 in use)").arg(plan.slots_per_layer),
            QStringLiteral("RAM budget: %1 GB").arg(double(plan.budget_bytes) / 1e9, 0, 'f', 2),
            QStringLiteral("temperature 1 (model default), top-p 0.95 (model default), top-k 0,"),
            QStringLiteral("answer length: up to the context"),
            AppLog::path(),
            QStringLiteral("warning peng.engine: a deliberate error for the diagnostics test"),
        };
        for (const QString& part : expected) QVERIFY2(text.contains(part), qPrintable(part + "\n---\n" + text));
        QVERIFY(!text.contains(QLatin1String("an info line")));

        diagnostics.copy();
        QVERIFY(QGuiApplication::clipboard()->text().contains(QLatin1String("a deliberate error for the diagnostics test")));
        AppLog::uninstall();
    }
};

QTEST_MAIN(TestDiagnostics)
#include "test_diagnostics.moc"
