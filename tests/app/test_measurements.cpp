// Measurements on the tiny checkpoint, through the real settings dialog: the
// expert-trim quality cost (measured on the worker thread, cached per model and
// setting), the hardware probe and the disk read speed. Saves the dialog in both
// themes as app_settings_dark.png / app_settings_light.png for a look.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_window.h"
#include "frame_recorder.h"
#include "trim_quality_cache.h"

namespace {
const QString kFixture = QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4");
constexpr int kTimeout = 120000;
}

class TestMeasurements : public QObject {
    Q_OBJECT
private slots:
    void frameIntervalPercentiles() {
        std::vector<double> intervals;
        for (int i = 1; i <= 100; ++i) intervals.push_back(double(101 - i));  // 100, 99, ..., 1 ms
        const FrameIntervals s = FrameRecorder::summarize(intervals);
        QCOMPARE(s.frames, 100);
        QCOMPARE(s.p50_ms, 50.0);
        QCOMPARE(s.p99_ms, 99.0);
        QCOMPARE(s.max_ms, 100.0);
        QCOMPARE(s.toJson(), QByteArray(R"({"frames":100,"p50_ms":50.00,"p99_ms":99.00,"max_ms":100.00})"));
        QCOMPARE(FrameRecorder::summarize({}).frames, 0);
    }

    void settingsShowMeasurements() {
        AppWindow app;
        AppSettings& settings = app.settings;
        EngineController& engine = app.engine;
        Measurements& measurements = app.measurements;
        QSettings().remove(QStringLiteral("trimQuality"));
        QVERIFY(app.load(QSize(1440, 900)));
        QQuickWindow* window = app.window;

        engine.openModel(kFixture);
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, kTimeout);

        // Quality: nothing cached, then a measurement of TOPK=1 lands in the cache.
        QVERIFY(measurements.trimQuality(1, 0).isEmpty());
        settings.setTrimTopK(1);
        measurements.measureTrimQuality(1, 0);
        QVERIFY(measurements.measuringQuality());
        QTRY_VERIFY_WITH_TIMEOUT(!measurements.measuringQuality(), kTimeout);
        QVERIFY2(measurements.qualityError().isEmpty(), qPrintable(measurements.qualityError()));
        const QVariantMap q = measurements.trimQuality(1, 0);
        QVERIFY(!q.isEmpty());
        QVERIFY(q.value("meanKl").toDouble() >= 0);
        const double agreement = q.value("top1Agreement").toDouble();
        QVERIFY(agreement >= 0 && agreement <= 1);
        QCOMPARE(q.value("tokens").toInt(), Measurements::kQualityTokens);
        QVERIFY(q.value("expertsPerToken").toDouble() < q.value("expertsPerTokenExact").toDouble());
        QVERIFY(TrimQualityCache().find(kFixture, 1, 0) == q);  // persisted in QSettings
        QVERIFY(measurements.trimQuality(2, 0).isEmpty());     // per setting

        // Hardware and disk.
        const QVariantMap hw = measurements.hardware();
        QVERIFY(hw.value("cores").toInt() > 0);
        QVERIFY(hw.value("ramTotalGb").toDouble() > 0);
        QVERIFY(!hw.value("gpu").toString().isEmpty());
        measurements.measureDiskRead();
        QTRY_VERIFY_WITH_TIMEOUT(!measurements.measuringDisk(), kTimeout);
        QVERIFY2(!measurements.diskRead().contains("error"), qPrintable(measurements.diskRead().value("error").toString()));
        QVERIFY(measurements.diskRead().value("GBps").toDouble() > 0);

        // The dialog shows the result beside the TOPK slider.
        auto* dialog = window->findChild<QObject*>(QStringLiteral("settingsDialog"));
        QVERIFY(dialog);
        QMetaObject::invokeMethod(dialog, "open");
        QTRY_VERIFY(dialog->property("opened").toBool());
        const QString expected = QStringLiteral("KL %1 nats").arg(q.value("meanKl").toDouble(), 0, 'f', 4);
        bool shown = false;
        for (QQuickItem* item : window->contentItem()->findChildren<QQuickItem*>(QStringLiteral("qualitySummary")))
            shown = shown || item->property("text").toString().startsWith(expected);
        QVERIFY2(shown, qPrintable(expected));
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_dark.png"));
        settings.setTheme(QStringLiteral("light"));
        QCOMPARE(window->color(), QColor(QStringLiteral("#f5f6f9")));
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_light.png"));

        // Scrolled to the end: the hardware panel.
        auto* scroll = window->contentItem()->findChild<QQuickItem*>(QStringLiteral("settingsScroll"));
        QVERIFY(scroll);
        auto* flickable = scroll->property("contentItem").value<QQuickItem*>();
        QVERIFY(flickable);
        flickable->setProperty("contentY", flickable->property("contentHeight").toDouble() - flickable->height());
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_hardware.png"));
    }
};

QTEST_MAIN(TestMeasurements)
#include "test_measurements.moc"
