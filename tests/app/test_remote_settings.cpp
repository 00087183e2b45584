// Settings' "Model source" section on the real SettingsDialog (offscreen), against a
// real `peng-cli serve` with an API key: typed into the fields and clicked as a user
// would, the model list fills, the connection test gives the server's 401 for a
// missing or wrong key, names the models for one it does not serve, passes with the
// right key, and says nothing answers once the server is stopped. Apply saves the
// choice (address and model in the settings, the key not) and This computer goes
// back. No keychain runs here (the D-Bus address points nowhere), so the section
// must say the key lasts the session. Saves app_settings_remote.png.
#include <QApplication>
#include <QQuickItem>
#include <QSettings>
#include <QtTest>

#include "app_window.h"
#include "peng_serve_process.h"
#include "remote_key_store.h"
#include "settings_driver.h"

namespace {
constexpr int kWaitMs = 30000;

// Waits until the control `name` can be clicked, then clicks it.
void click(QQuickWindow* window, QObject* dialog, const char* name) {
    auto* item = qobject_cast<QQuickItem*>(child(dialog, name));
    QVERIFY2(item, name);
    QTRY_VERIFY2(item->isVisible() && item->isEnabled(), name);
    click(window, dialog, item);
}

// Clicks the field, selects what it holds and types `text` over it, as a user would.
void type_into(QQuickWindow* window, QObject* dialog, const char* name, const QString& text) {
    click(window, dialog, name);
    QTRY_VERIFY2(child(dialog, name)->property("activeFocus").toBool(), name);
    QTest::keyClick(window, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(window, Qt::Key_Backspace);
    for (const QChar c : text) QTest::keyClick(window, c.toLatin1());   // QTest has no keyClicks for a QWindow
}

// Clicks Test connection and waits for its message.
QString tested(QQuickWindow* window, QObject* dialog) {
    click(window, dialog, "remoteTest");
    if (!QTest::qWaitFor([&] { return !text_of(dialog, "remoteTestResult").isEmpty(); }, kWaitMs)) return {};
    return text_of(dialog, "remoteTestResult");
}

QStringList models_in(QObject* dialog) { return child(dialog, "remoteModelBox")->property("model").toStringList(); }
}  // namespace

class TestRemoteSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        // No keychain: never the user's own, and the session-only path is the one shown.
        qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/peng-test-bus");
    }

    void serverSectionAgainstPengServe() {
        PengServer peng;
        QVERIFY(peng.startWithKey("right-key"));
        const QString host = QUrl(peng.url).host() + QLatin1Char(':') + QString::number(QUrl(peng.url).port());

        AppWindow app;
        app.settings.setBackend(QStringLiteral("local"));
        app.settings.setServerUrl(QString());
        app.settings.setServerModel(QStringLiteral("no-such-model"));   // a model chosen earlier, gone now
        QVERIFY(app.load(QSize(1280, 900)));
        QQuickWindow* window = app.window;
        QObject* dialog = child(window, "settingsDialog");
        QVERIFY(dialog);
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        QTRY_VERIFY(child(dialog, "backendLocal")->property("checked").toBool());
        QVERIFY(!qobject_cast<QQuickItem*>(child(dialog, "remoteUrlField"))->isVisible());

        click(window, dialog, "backendServer");
        QTRY_VERIFY(qobject_cast<QQuickItem*>(child(dialog, "remoteUrlField"))->isVisible());
        // The address, then Enter: the list is asked for at once, and the server wants a key.
        type_into(window, dialog, "remoteUrlField", peng.url);
        QTest::keyClick(window, Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(text_of(dialog, "remoteListError").contains(QLatin1String("needs an API key (HTTP 401)")),
                                 kWaitMs);
        QCOMPARE(models_in(dialog), QStringList{QStringLiteral("no-such-model")});

        // Keyboard: Tab goes on from the address to the key.
        QTest::keyClick(window, Qt::Key_Tab);
        QTRY_VERIFY(child(dialog, "remoteKeyField")->property("activeFocus").toBool());
        type_into(window, dialog, "remoteKeyField", QStringLiteral("wrong-key"));
        QCOMPARE(child(dialog, "remoteKeyField")->property("echoMode").toInt(), 2);   // TextInput.Password: masked
        QString said = tested(window, dialog);
        QVERIFY2(said.contains(QStringLiteral("%1 refused the API key (HTTP 401)").arg(host)), qPrintable(said));

        // The right key; the model remembered is not served, and the test says which are.
        type_into(window, dialog, "remoteKeyField", QStringLiteral("right-key"));
        said = tested(window, dialog);
        QVERIFY2(said.contains(QStringLiteral("does not serve no-such-model. It serves: %1.").arg(peng.model)),
                 qPrintable(said));
        // That answer listed the models: the picker offers the served one.
        QTRY_COMPARE(models_in(dialog), QStringList{peng.model});
        QTRY_COMPARE(child(dialog, "remoteModelBox")->property("currentText").toString(), peng.model);
        said = tested(window, dialog);
        QVERIFY2(said.startsWith(QStringLiteral("Connected to %1; it serves %2.").arg(host, peng.model)), qPrintable(said));
        QVERIFY2(said.contains(QLatin1String("as the server describes them")), qPrintable(said));

        click(window, dialog, "backendApply");
        QTRY_COMPARE(app.settings.backend(), QStringLiteral("server"));
        // Apply switched the window itself over to the server.
        QTRY_COMPARE_WITH_TIMEOUT(app.engine.property("backend").toString(), QStringLiteral("server"), kWaitMs);
        QCOMPARE(app.engine.property("remoteModel").toString(), peng.model);
        QCOMPARE(app.settings.serverUrl(), peng.url);
        QCOMPARE(app.settings.serverModel(), peng.model);
        QCOMPARE(text_of(dialog, "backendNow"), QStringLiteral("Now: %1 at %2.").arg(peng.model, peng.url));
        RemoteKeyStore* keys = RemoteKeyStore::create(&app.qml, &app.qml);
        QCOMPARE(keys->cachedKey(peng.url), QStringLiteral("right-key"));
        QTRY_VERIFY_WITH_TIMEOUT(text_of(dialog, "remoteKeyNote").contains(QLatin1String("kept only until Peng closes")),
                                 kWaitMs);
        qvariant_cast<QQuickItem*>(child(dialog, "settingsScroll")->property("contentItem"))->setProperty("contentY", 0);
        QTest::qWait(100);
        window->grabWindow().save(QDir::currentPath() + QStringLiteral("/app_settings_remote.png"));
        {
            QSettings raw;
            raw.sync();
            QFile file(raw.fileName());
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(raw.fileName()));
            const QByteArray text = file.readAll();
            QVERIFY2(text.contains(peng.url.toUtf8()), text.constData());
            QVERIFY2(!text.contains("right-key"), text.constData());
        }

        // Reopened, the dialog shows what was applied, the key included (this session's).
        QVERIFY(QMetaObject::invokeMethod(dialog, "close"));
        QVERIFY(QMetaObject::invokeMethod(dialog, "open"));
        QTRY_VERIFY(child(dialog, "backendServer")->property("checked").toBool());
        QCOMPARE(text_of(dialog, "remoteUrlField"), peng.url);
        QTRY_COMPARE(text_of(dialog, "remoteKeyField"), QStringLiteral("right-key"));

        // Reopening listed the models again with that key.
        QTRY_VERIFY_WITH_TIMEOUT(!child(dialog, "remoteRefresh")->property("text").toString().contains(QChar(0x2026)), kWaitMs);
        QCOMPARE(text_of(dialog, "remoteListError"), QString());

        // The server gone: Refresh and Test both say nothing answers; the picker keeps the model chosen.
        peng.stop();
        click(window, dialog, "remoteRefresh");
        QTRY_VERIFY_WITH_TIMEOUT(text_of(dialog, "remoteListError").contains(QStringLiteral("Nothing answers at %1 (connection refused)").arg(host)),
                                 kWaitMs);
        QCOMPARE(models_in(dialog), QStringList{peng.model});
        // Test connection from the keyboard: focus, Space.
        QVERIFY(QMetaObject::invokeMethod(child(dialog, "remoteTest"), "forceActiveFocus"));
        QTest::keyClick(window, Qt::Key_Space);
        QTRY_VERIFY_WITH_TIMEOUT(!text_of(dialog, "remoteTestResult").isEmpty(), kWaitMs);
        said = text_of(dialog, "remoteTestResult");
        QVERIFY2(said.contains(QStringLiteral("Nothing answers at %1 (connection refused)").arg(host)), qPrintable(said));
        QCOMPARE(child(child(dialog, "modelSource"), "remoteTest")->property("text").toString(), QStringLiteral("Test connection"));

        click(window, dialog, "backendLocal");
        QTRY_VERIFY(!qobject_cast<QQuickItem*>(child(dialog, "remoteUrlField"))->isVisible());
        click(window, dialog, "backendApply");
        QTRY_COMPARE(app.settings.backend(), QStringLiteral("local"));
        QTRY_COMPARE(app.engine.property("backend").toString(), QStringLiteral("local"));
        QCOMPARE(text_of(dialog, "backendNow"), QStringLiteral("Now: this computer."));
        app.settings.setServerUrl(QString());
        app.settings.setServerModel(QString());
    }
};

QTEST_MAIN(TestRemoteSettings)
#include "test_remote_settings.moc"
