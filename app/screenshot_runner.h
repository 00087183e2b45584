#pragma once
// `peng [--model DIR] --screenshot FILE.png [--prompt TEXT]`: waits for the model
// to be ready (generating the demo model if needed), optionally sends one prompt
// and waits for the whole answer, grabs the window and quits. Exit code 0 on
// success, 1 with a message otherwise. While the answer streams it records the
// window's frame intervals and prints them to stderr as one JSON line
// ({"frames":N,"p50_ms":x,"p99_ms":y,"max_ms":z}), a measure of UI fluidity.
// Beside FILE.png it writes FILE.json (screenshot_report.h plus the frame
// intervals), which the xvfb smoke test checks the picture against.
// The installer's smoke test runs the installed app this way under xvfb-run.
#include <QObject>
#include <QPointer>
#include <QQuickWindow>
#include <QTimer>

#include "frame_recorder.h"

class ChatModel;
class EngineController;

class ScreenshotRunner : public QObject {
    Q_OBJECT
public:
    ScreenshotRunner(EngineController* engine, ChatModel* chat, QString file, QString prompt, QObject* parent = nullptr);
    void setWindow(QQuickWindow* window) { window_ = window; }

private:
    void onState();
    void grabAndQuit();
    void fail(const QString& why);

    bool writeReport();

    EngineController* engine_;
    ChatModel* chat_;
    QPointer<QQuickWindow> window_;
    QString file_, prompt_;
    bool sent_ = false, done_ = false;
    QTimer deadline_;
    FrameRecorder frames_;
};
