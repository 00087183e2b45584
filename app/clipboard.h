#pragma once
// Copy buttons need the system clipboard, which QML cannot reach by itself.
#include <QObject>
#include <QQmlEngine>
#include <QtQml/qqmlregistration.h>

class Clipboard : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
public:
    using QObject::QObject;
    Q_INVOKABLE void copy(const QString& text);
    Q_INVOKABLE QString text() const;
};
