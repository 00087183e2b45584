#pragma once
// Whether the desktop asks for a dark or a light look, for the "follow the system"
// theme. Qt 6.5+ says so directly (QStyleHints::colorScheme); on 6.4 the
// application palette's window colour tells, and a palette change is watched.
#include <QObject>
#include <QQmlEngine>
#include <QtQml/qqmlregistration.h>

class SystemTheme : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool dark READ dark NOTIFY darkChanged)

public:
    explicit SystemTheme(QObject* parent);
    static SystemTheme* create(QQmlEngine*, QJSEngine*);

    bool dark() const { return dark_; }
    // The rule used on Qt 6.4: a window colour darker than mid-grey means a dark desktop.
    static bool isDarkWindow(const QColor& window);

signals:
    void darkChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void update();
    bool dark_ = false;
};
