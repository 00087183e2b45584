#pragma once
// "Copy diagnostics": one plain-text report to paste into a bug report: the versions
// and build options, this machine's hardware as the engine sees it, the open model's
// plan (RAM/VRAM budgets, what lives where), the settings that shape answers, and the
// latest warnings and errors from the log file (app_log.h).
#include <QObject>
#include <QQmlEngine>
#include <QString>
#include <QtQml/qqmlregistration.h>

class AppSettings;
class EngineController;

class Diagnostics : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString logFile READ logFile CONSTANT)

public:
    static constexpr int kLastProblems = 20;

    Diagnostics(EngineController* engine, AppSettings* settings, QObject* parent);
    static Diagnostics* create(QQmlEngine*, QJSEngine*);
    static void setInstance(Diagnostics* diagnostics);

    // Versions and build options: the report's first section, and the head of a crash report.
    static QString aboutBuild();
    QString logFile() const;

    Q_INVOKABLE QString text() const;
    // text() to the clipboard.
    Q_INVOKABLE void copy() const;
    Q_INVOKABLE void openLogFolder() const;

private:
    QString modelSection() const;
    QString settingsSection() const;

    EngineController* engine_;
    AppSettings* settings_;
};
