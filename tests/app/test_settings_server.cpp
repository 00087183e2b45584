// The settings' "Serve this model on localhost" section on the real SettingsDialog
// (offscreen): clicking the switch starts and stops the server, the address shown is
// the one it listens on, the request count follows the requests, and a port that is
// taken leaves the switch off with the reason on the error line. Saves
// app_settings_server.png.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_window.h"
#include "settings_driver.h"

#ifdef PENG_HAS_SERVER
#include <httplib.h>
#endif


class TestSettingsServer : public QObject {
    Q_OBJECT
private slots:
    void switchServesTheOpenModel() {
#ifndef PENG_HAS_SERVER
        QSKIP("built without the server (PENG_SERVER off): the section is hidden");
#else
        AppWindow app;
        app.settings.setServerPort(0);
        QVERIFY(app.load(QSize(1280, 900)));
        QQuickWindow* window = app.window;
        app.engine.openModel(QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"));
        QTRY_VERIFY_WITH_TIMEOUT(app.engine.state() == EngineController::Ready, 120000);
        QVERIFY(!app.server.running());  // off unless turned on

        QObject* dialog = child(window, "settingsDialog");
        QVERIFY(dialog);
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        auto* serverSwitch = qobject_cast<QQuickItem*>(child(dialog, "serverSwitch"));
        QVERIFY(serverSwitch);
        QTRY_VERIFY(serverSwitch->isVisible());

        click(window, dialog, serverSwitch);
        QTRY_VERIFY2(app.server.running(), qPrintable(app.server.errorText()));
        QVERIFY(serverSwitch->property("checked").toBool());
        QCOMPARE(text_of(dialog, "serverUrl"), QStringLiteral("http://127.0.0.1:%1/v1").arg(app.server.listeningPort()));
        QCOMPARE(text_of(dialog, "serverRequests"), QStringLiteral("Requests served: 0"));

        httplib::Client client("127.0.0.1", app.server.listeningPort());
        const httplib::Result health = client.Get("/health");
        QVERIFY(health && health->status == 200);
        QTRY_COMPARE_WITH_TIMEOUT(text_of(dialog, "serverRequests"), QStringLiteral("Requests served: 1"), 5000);
        QTest::qWait(100);
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_server.png"));

        click(window, dialog, serverSwitch);
        QTRY_VERIFY(!app.server.running());
        QVERIFY(!serverSwitch->property("checked").toBool());

        // A taken port: the switch springs back off and the error line says why.
        httplib::Server holder;
        const int taken = holder.bind_to_any_port("127.0.0.1");
        QVERIFY(taken > 0);
        app.server.setPort(taken);
        click(window, dialog, serverSwitch);
        QTRY_VERIFY(text_of(dialog, "serverError").contains(QString::number(taken)));
        QVERIFY(!app.server.running());
        QVERIFY(!serverSwitch->property("checked").toBool());
        app.settings.setServerEnabled(false);
#endif
    }
};

QTEST_MAIN(TestSettingsServer)
#include "test_settings_server.moc"
