// Loads the real Main.qml offscreen (software scene graph), runs one answer on
// the tiny checkpoint and checks the brain texture's cells on screen against the
// palette: the colours users see are the ones the state says.
#include <QApplication>
#include <QQmlApplicationEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <QtTest>

#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "tier_palette.h"

Q_IMPORT_QML_PLUGIN(PengPlugin)

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void brainCellsOnScreenMatchTheState() {
        QStandardPaths::setTestModeEnabled(true);
        QTemporaryDir dir;
        AppSettings settings(nullptr);
        settings.restoreDefaults();
        settings.setTemperature(0);
        settings.setMaxTokens(8);
        settings.setExpertCap(3);
        ConversationStore store(dir.path(), nullptr);
        EngineController engine(&store, &settings);
        AppSettings::setInstance(&settings);
        ConversationStore::setInstance(&store);
        EngineController::setInstance(&engine);

        QQmlApplicationEngine qml;
        qml.load(QUrl(QStringLiteral("qrc:/Peng/Main.qml")));
        QCOMPARE(qml.rootObjects().size(), 1);
        auto* window = qobject_cast<QQuickWindow*>(qml.rootObjects().first());
        QVERIFY(window);
        window->resize(1280, 800);

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
