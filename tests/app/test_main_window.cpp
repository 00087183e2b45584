// Loads the real Main.qml offscreen (software scene graph), runs one answer on
// the tiny checkpoint and checks the brain texture's cells on screen against the
// palette: the colours users see are the ones the state says.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_window.h"
#include "tier_palette.h"

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void brainCellsOnScreenMatchTheState() {
        AppWindow app;
        app.settings.setTemperature(0);
        app.settings.setMaxTokens(8);
        app.settings.setExpertCap(3);
        QVERIFY(app.load(QSize(1280, 800)));
        QQuickWindow* window = app.window;
        EngineController& engine = app.engine;

        engine.openModel(QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"));
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, 120000);
        engine.send(QStringLiteral("Hi"));
        QTRY_VERIFY_WITH_TIMEOUT(engine.state() == EngineController::Ready, 120000);
        BrainModel* brain = engine.brain();
        QTRY_COMPARE_WITH_TIMEOUT(brain->activeExperts(), 0, 10000);  // flashes faded

        auto* view = window->findChild<QQuickItem*>(QStringLiteral("brainColors"));
        QVERIFY(view);
        QVERIFY(view->isVisible());
        const QImage shot = window->grabWindow();
        QVERIFY(!shot.isNull());
        shot.save(QDir::currentPath() + QStringLiteral("/app_main_window.png"));
        const qreal sx = shot.width() / qreal(window->width());

        int checked = 0, slot_cells = 0;
        for (int layer = 0; layer < brain->layers(); ++layer)
            for (int expert = 0; expert < brain->experts(); ++expert) {
                const QPointF p = view->mapToScene(QPointF((expert + 0.5) * view->width() / brain->experts(),
                                                           (layer + 0.5) * view->height() / brain->layers()));
                const QRgb want = TierPalette::cell(brain->tier(layer, expert), brain->heat(layer, expert), 0.0f);
                const QRgb got = shot.pixel(int(p.x() * sx), int(p.y() * sx));
                QVERIFY2((got & 0xffffff) == (want & 0xffffff),
                         qPrintable(QStringLiteral("layer %1 expert %2: got %3 want %4").arg(layer).arg(expert)
                                        .arg(got, 6, 16).arg(want, 6, 16)));
                ++checked;
                slot_cells += brain->tier(layer, expert) == BrainTier::Slot;
            }
        QVERIFY(checked > 0);
        QVERIFY(slot_cells > 0);
        QCOMPARE(brain->tier(0, 0), BrainTier::Dense);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
