// The UI language: the setting picks the translation, and switching it retranslates
// the running QML at once (no restart), back to English and to the system's.
#include <QApplication>
#include <QQuickItem>
#include <QtTest>

#include "app_language.h"
#include "app_window.h"

namespace {
// Whether some visible item of the window shows exactly `text`.
bool shows(QQuickItem* item, const QString& text) {
    if (!item->isVisible()) return false;
    if (item->property("text").toString() == text) return true;
    const auto children = item->childItems();
    return std::any_of(children.begin(), children.end(), [&](QQuickItem* c) { return shows(c, text); });
}
}  // namespace

class TestAppLanguage : public QObject {
    Q_OBJECT
private slots:
    void switchesLive() {
        AppWindow app;
        app.settings.setLanguage(QStringLiteral("en"));
        AppLanguage language(&app.settings);
        language.setEngine(&app.qml);
        QVERIFY(app.load(QSize(1280, 800)));
        QQuickItem* root = app.window->contentItem();
        QTRY_VERIFY(shows(root, QStringLiteral("New conversation")));

        app.settings.setLanguage(QStringLiteral("it"));
        QTRY_VERIFY(shows(root, QStringLiteral("Nuova conversazione")));
        QVERIFY(!shows(root, QStringLiteral("New conversation")));
        app.settings.setLanguage(QStringLiteral("es"));
        QTRY_VERIFY(shows(root, QStringLiteral("Nueva conversación")));
        app.settings.setLanguage(QStringLiteral("zh_CN"));
        QTRY_VERIFY(shows(root, QStringLiteral("新对话")));
        app.settings.setLanguage(QStringLiteral("en"));
        QTRY_VERIFY(shows(root, QStringLiteral("New conversation")));
    }
};

QTEST_MAIN(TestAppLanguage)
#include "test_app_language.moc"
