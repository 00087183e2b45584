#pragma once
// `peng --screenshot FILE.png [--demo-prompt TEXT]`: waits for the model to be
// ready (generating the demo model if needed), optionally runs one short answer,
// grabs the window and quits. Exit code 0 on success, 1 with a message otherwise.
// The installer's smoke test runs the installed app this way under xvfb-run.
#include <QObject>
#include <QPointer>
#include <QQuickWindow>
#include <QTimer>

class EngineController;

class ScreenshotRunner : public QObject {
    Q_OBJECT
public:
    ScreenshotRunner(EngineController* engine, QString file, QString prompt, QObject* parent = nullptr);
    void setWindow(QQuickWindow* window) { window_ = window; }

private:
    void onState();
    void grabAndQuit();
    void fail(const QString& why);

    EngineController* engine_;
    QPointer<QQuickWindow> window_;
    QString file_, prompt_;
    bool sent_ = false, done_ = false;
    QTimer deadline_;
};
