// The "follow the system" theme: the setting is kept, refused when unknown, and
// Theme.light follows the desktop's palette (Qt 6.4 has no colour-scheme hint).
#include <QGuiApplication>
#include <QPalette>
#include <QSettings>
#include <QSignalSpy>
#include <QtTest>

#include "system_theme.h"
#include "theme_probe.h"

namespace {
QPalette palette_with_window(const QColor& window) {
    QPalette p = QGuiApplication::palette();
    p.setColor(QPalette::Window, window);
    return p;
}
}  // namespace

class TestSystemTheme : public QObject {
    Q_OBJECT
private slots:
    void theRuleReadsTheWindowColour() {
        QVERIFY(SystemTheme::isDarkWindow(QColor("#1e1e1e")));
        QVERIFY(!SystemTheme::isDarkWindow(QColor("#efefef")));
        QVERIFY(SystemTheme::isDarkWindow(QColor("#7f7f7f")));   // lightness 127: dark
        QVERIFY(!SystemTheme::isDarkWindow(QColor("#808080")));  // 128: light
    }

    void themeFollowsThePaletteWhenSetToSystem() {
        ThemeProbe probe;
        QVERIFY(probe.theme);
        probe.settings.setTheme(QStringLiteral("system"));
        QCOMPARE(probe.settings.theme(), QStringLiteral("system"));
        SystemTheme* system = SystemTheme::create(&probe.engine, &probe.engine);
        QSignalSpy spy(system, &SystemTheme::darkChanged);

        QGuiApplication::setPalette(palette_with_window(QColor("#202020")));
        QTRY_VERIFY(system->dark());
        QVERIFY(!probe.light());
        const QColor dark_window = probe.color("window");

        QGuiApplication::setPalette(palette_with_window(QColor("#f0f0f0")));
        QTRY_VERIFY(!system->dark());
        QVERIFY(probe.light());
        QVERIFY(probe.color("window") != dark_window);
        QCOMPARE(spy.count(), 2);

        // An explicit choice wins over the desktop.
        probe.settings.setTheme(QStringLiteral("dark"));
        QVERIFY(!probe.light());
        QCOMPARE(probe.color("window"), dark_window);
    }

    void theChoiceIsKeptAndAnUnknownOneRefused() {
        QStandardPaths::setTestModeEnabled(true);
        {
            AppSettings settings(nullptr);
            settings.setTheme(QStringLiteral("system"));
        }
        AppSettings again(nullptr);
        QCOMPARE(again.theme(), QStringLiteral("system"));
        QSettings().setValue(QStringLiteral("theme"), QStringLiteral("purple"));
        QTest::ignoreMessage(QtWarningMsg, "setting theme must be dark, light or system, got 'purple'; using the default dark");
        QCOMPARE(again.theme(), QStringLiteral("dark"));
        again.setTheme(QStringLiteral("dark"));
    }
};

QTEST_MAIN(TestSystemTheme)
#include "test_system_theme.moc"
