#pragma once
// The app wired as main.cpp wires it (settings, conversations, engine controller,
// measurements and the real Main.qml), for tests that look at the actual window.
// Runs with test-mode standard paths, so the user's settings are never touched.
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtQml/qqmlextensionplugin.h>
#include <memory>

#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "local_server.h"
#include "measurements.h"

Q_IMPORT_QML_PLUGIN(PengPlugin)

struct AppWindow {
    const bool test_paths = (QStandardPaths::setTestModeEnabled(true), true);  // before any QSettings
    QTemporaryDir dir;
    AppSettings settings{nullptr};
    // A server left on by an interrupted test would start with this window's model.
    const bool server_off = (settings.setServerEnabled(false), settings.setBackend(QStringLiteral("local")), true);
    ConversationStore store{dir.path(), nullptr};
    EngineController engine{&store, &settings};
    Measurements measurements{&engine};
    LocalServer server{&engine, &settings, nullptr};  // off: restoreDefaults keeps it as it was
    QQmlApplicationEngine qml;
    QQuickWindow* window = nullptr;

    AppWindow() {
        settings.restoreDefaults();
        AppSettings::setInstance(&settings);
        ConversationStore::setInstance(&store);
        EngineController::setInstance(&engine);
        Measurements::setInstance(&measurements);
        LocalServer::setInstance(&server);
    }
    ~AppWindow() { settings.restoreDefaults(); }

    // Loads Main.qml at `size`; false when it does not load.
    bool load(QSize size) {
        qml.load(QUrl(QStringLiteral("qrc:/Peng/Main.qml")));
        if (qml.rootObjects().size() != 1) return false;
        window = qobject_cast<QQuickWindow*>(qml.rootObjects().first());
        if (window) window->resize(size);
        return window != nullptr;
    }
};
