#include "system_theme.h"

#include <QEvent>
#include <QGuiApplication>
#include <QPalette>
#include <QPointer>
#include <QStyleHints>

namespace {
QPointer<SystemTheme> g_instance;
}

SystemTheme::SystemTheme(QObject* parent) : QObject(parent) {
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    connect(QGuiApplication::styleHints(), &QStyleHints::colorSchemeChanged, this, &SystemTheme::update);
#endif
    // Also on 6.5+: a platform theme that reports no scheme still changes the palette.
    qApp->installEventFilter(this);
    update();
}

SystemTheme* SystemTheme::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new SystemTheme(qApp);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}

bool SystemTheme::isDarkWindow(const QColor& window) { return window.lightness() < 128; }

bool SystemTheme::eventFilter(QObject* watched, QEvent* event) {
    if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) update();
    return QObject::eventFilter(watched, event);
}

void SystemTheme::update() {
    bool dark = isDarkWindow(QGuiApplication::palette().color(QPalette::Window));
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    const Qt::ColorScheme scheme = QGuiApplication::styleHints()->colorScheme();
    if (scheme != Qt::ColorScheme::Unknown) dark = scheme == Qt::ColorScheme::Dark;
#endif
    if (dark == dark_) return;
    dark_ = dark;
    emit darkChanged();
}
