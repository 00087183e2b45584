#include "screenshot_runner.h"

#include <QCoreApplication>
#include <QImage>
#include <cstdio>

#include "engine_controller.h"

ScreenshotRunner::ScreenshotRunner(EngineController* engine, QString file, QString prompt, QObject* parent)
    : QObject(parent), engine_(engine), file_(std::move(file)), prompt_(std::move(prompt)) {
    connect(engine_, &EngineController::stateChanged, this, &ScreenshotRunner::onState);
    connect(engine_, &EngineController::generationFinished, this, [this] {
        frames_.stop();
        std::fprintf(stderr, "%s\n", frames_.summary().toJson().constData());
        // Let the last frame and the brain's flashes reach the screen first.
        QTimer::singleShot(400, this, &ScreenshotRunner::grabAndQuit);
    });
    deadline_.setSingleShot(true);
    connect(&deadline_, &QTimer::timeout, this, [this] { fail(QStringLiteral("timed out")); });
    deadline_.start(10 * 60 * 1000);  // generating the demo model on a slow disk included
    QTimer::singleShot(0, this, &ScreenshotRunner::onState);
}

void ScreenshotRunner::onState() {
    if (done_) return;
    switch (engine_->state()) {
    case EngineController::Failed: return fail(engine_->errorText());
    case EngineController::Ready:
        if (sent_) return;
        sent_ = true;
        if (prompt_.isEmpty()) {
            QTimer::singleShot(400, this, &ScreenshotRunner::grabAndQuit);
        } else {
            frames_.start(window_);
            engine_->send(prompt_);
        }
        return;
    default: return;
    }
}

void ScreenshotRunner::grabAndQuit() {
    if (done_) return;
    if (!window_) return fail(QStringLiteral("no window to grab"));
    const QImage image = window_->grabWindow();
    if (image.isNull() || !image.save(file_)) return fail(QStringLiteral("could not write ") + file_);
    done_ = true;
    std::fprintf(stderr, "peng: screenshot written to %s\n", qPrintable(file_));
    QCoreApplication::exit(0);
}

void ScreenshotRunner::fail(const QString& why) {
    if (done_) return;
    done_ = true;
    std::fprintf(stderr, "peng: screenshot failed: %s\n", qPrintable(why));
    QCoreApplication::exit(1);
}
