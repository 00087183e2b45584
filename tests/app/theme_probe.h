#pragma once
// The Theme singleton (qml/Theme.qml) as the app sees it, read from C++: its
// colours follow AppSettings.theme and SystemTheme like the window's do.
#include <QQmlComponent>
#include <QQmlEngine>
#include <QStandardPaths>
#include <QtQml/qqmlextensionplugin.h>
#include <memory>

#include "app_settings.h"

Q_IMPORT_QML_PLUGIN(PengPlugin)

struct ThemeProbe {
    const bool test_paths = (QStandardPaths::setTestModeEnabled(true), true);  // before any QSettings
    AppSettings settings{nullptr};
    QQmlEngine engine;
    std::unique_ptr<QObject> holder;
    QObject* theme = nullptr;

    ThemeProbe() {
        AppSettings::setInstance(&settings);
        engine.addImportPath(QStringLiteral("qrc:/"));  // the module's qmldir is at qrc:/Peng/qmldir
        QQmlComponent component(&engine);
        component.setData("import QtQml\nimport Peng\nQtObject { readonly property QtObject theme: Theme }", QUrl());
        holder.reset(component.create());
        if (holder) theme = holder->property("theme").value<QObject*>();
        if (!theme) qWarning("%s", qPrintable(component.errorString()));
    }
    ~ThemeProbe() { settings.setTheme(settings.defaultValue(QStringLiteral("theme")).toString()); }

    QColor color(const char* name) const { return theme->property(name).value<QColor>(); }
    bool light() const { return theme->property("light").toBool(); }
};
