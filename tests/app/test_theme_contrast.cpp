// WCAG AA for both palettes of qml/Theme.qml, read from the live Theme singleton:
// 4.5:1 for text on every ground it is drawn on, 3:1 for the focus ring and the
// primary button against the panels (WCAG 2.1, 1.4.3 and 1.4.11).
#include <QtTest>
#include <cmath>

#include "theme_probe.h"

namespace {

// WCAG 2.1 relative luminance of an sRGB colour.
double luminance(const QColor& c) {
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// `fg` at `alpha` over `bg`, as the scene graph composes a translucent fill.
QColor over(const QColor& fg, double alpha, const QColor& bg) {
    return QColor::fromRgbF(float(fg.redF() * alpha + bg.redF() * (1 - alpha)),
                            float(fg.greenF() * alpha + bg.greenF() * (1 - alpha)),
                            float(fg.blueF() * alpha + bg.blueF() * (1 - alpha)));
}

constexpr double kText = 4.5;
constexpr double kComponent = 3.0;
const char* const kGrounds[] = {"window", "panel", "panelRaised", "field", "thinkBackground"};

}  // namespace

class TestThemeContrast : public QObject {
    Q_OBJECT
    std::unique_ptr<ThemeProbe> probe_;
    QStringList failures_;

    void expect(const QString& what, const QColor& fg, const QColor& bg, double minimum) {
        const double ratio = contrast(fg, bg);
        if (ratio < minimum)
            failures_ << QStringLiteral("%1: %2 on %3 is %4:1, below %5:1")
                             .arg(what, fg.name(), bg.name()).arg(ratio, 0, 'f', 2).arg(minimum);
    }

private slots:
    void initTestCase() {
        probe_ = std::make_unique<ThemeProbe>();
        QVERIFY(probe_->theme);
    }

    void theWcagFormulaMatchesKnownRatios() {
        QCOMPARE(qRound(contrast(Qt::black, Qt::white) * 100), 2100);
        QCOMPARE(qRound(contrast(QColor("#777777"), Qt::white) * 100), 448);  // the classic just-fails grey
        QCOMPARE(contrast(QColor("#123456"), QColor("#123456")), 1.0);
    }

    void bothPalettesMeetAA_data() {
        QTest::addColumn<QString>("theme");
        QTest::newRow("dark") << QStringLiteral("dark");
        QTest::newRow("light") << QStringLiteral("light");
    }
    void bothPalettesMeetAA() {
        QFETCH(QString, theme);
        probe_->settings.setTheme(theme);
        QCOMPARE(probe_->light(), theme == QLatin1String("light"));
        const ThemeProbe& t = *probe_;
        failures_.clear();
        for (const char* ground : kGrounds) {
            for (const char* text : {"text", "textDim", "textFaint", "accent", "good", "warn", "bad"})
                expect(QStringLiteral("%1 on %2").arg(text, ground), t.color(text), t.color(ground), kText);
            expect(QStringLiteral("focus ring on %1").arg(ground), t.color("focusRing"), t.color(ground), kComponent);
            expect(QStringLiteral("primary button on %1").arg(ground), t.color("accent"), t.color(ground), kComponent);
        }
        expect(QStringLiteral("text in the user's bubble"), t.color("text"), t.color("userBubble"), kText);
        expect(QStringLiteral("primary button label"), t.color("accentText"), t.color("accent"), kText);
        // Badges: the tint as text on the tint's own translucent fill over the panels they sit on.
        const double alpha = t.theme->property("badgeTintAlpha").toDouble();
        QVERIFY(alpha > 0 && alpha < 1);
        for (const char* tint : {"good", "warn", "bad", "accent"})
            for (const char* ground : {"window", "panel", "panelRaised"})
                expect(QStringLiteral("%1 badge on %2").arg(tint, ground), t.color(tint),
                       over(t.color(tint), alpha, t.color(ground)), kText);
        QVERIFY2(failures_.isEmpty(), qPrintable(failures_.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestThemeContrast)
#include "test_theme_contrast.moc"
