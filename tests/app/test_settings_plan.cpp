// The settings' live plan line on the real SettingsDialog (offscreen): it says
// "fits in RAM" or "streams N GB per token" as the RAM budget changes, and once the
// disk and memory bandwidths are measured (in the background) it gives the
// planner's decode bound in tokens/s. Saves app_settings_plan.png.
#include <QApplication>
#include <QtTest>

#include "app_window.h"

namespace {
QString text_of(QObject* root, const char* name) {
    auto* item = root->findChild<QObject*>(QString::fromLatin1(name));
    return item ? item->property("text").toString() : QStringLiteral("<no %1>").arg(QLatin1String(name));
}
}  // namespace

class TestSettingsPlan : public QObject {
    Q_OBJECT
private slots:
    void planLineFollowsTheBudget() {
        AppWindow app;
        QVERIFY(app.load(QSize(1280, 900)));
        QQuickWindow* window = app.window;
        AppSettings& settings = app.settings;
        EngineController& engine = app.engine;
        Measurements& measurements = app.measurements;
        engine.openModel(QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"));
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, 120000);

        QObject* dialog = window->findChild<QObject*>(QStringLiteral("settingsDialog"));
        QVERIFY(dialog);
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));

        // A budget far above the model: everything fits.
        settings.setRamBudgetGb(1000);
        QTRY_VERIFY2(text_of(dialog, "planLine").contains(QStringLiteral("fits in RAM")), qPrintable(text_of(dialog, "planLine")));

        // Just above the minimum: one slot per layer, so experts stream.
        const double minimum = engine.planFor(1000).value(QStringLiteral("minimumGb")).toDouble();
        QVERIFY(minimum > 0);
        settings.setRamBudgetGb(minimum * 1.001);
        QTRY_VERIFY2(text_of(dialog, "planLine").contains(QStringLiteral("streams")) &&
                         text_of(dialog, "planLine").contains(QStringLiteral("GB per token")),
                     qPrintable(text_of(dialog, "planLine")));
        const double per_token = engine.planFor(minimum * 1.001).value(QStringLiteral("diskGbPerToken")).toDouble();
        QVERIFY(per_token > 0);

        // Opening the dialog started both measurements; the bound follows from them.
        QTRY_VERIFY_WITH_TIMEOUT(measurements.memoryGBps() > 0, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(measurements.diskRead().value(QStringLiteral("GBps")).toDouble() > 0, 120000);
        QTRY_VERIFY2(text_of(dialog, "speedBoundLine").contains(QStringLiteral("tokens/s")),
                     qPrintable(text_of(dialog, "speedBoundLine")));
        const double disk = measurements.diskRead().value(QStringLiteral("GBps")).toDouble();
        const QVariantMap plan = engine.planFor(minimum * 1.001, disk, measurements.memoryGBps());
        const double bound = plan.value(QStringLiteral("tokensPerSecondBound")).toDouble();
        // Streaming: the disk bytes per token bound the speed from above.
        QVERIFY(bound > 0);
        QVERIFY(bound <= disk / per_token * 1.0001);
        QTest::qWait(100);
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_plan.png"));

        // Cached: a second Measurements on this machine starts with the memory figure.
        Measurements again(&engine);
        QCOMPARE(again.memoryGBps(), measurements.memoryGBps());
    }
};

QTEST_MAIN(TestSettingsPlan)
#include "test_settings_plan.moc"
