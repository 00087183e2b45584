#include "screenshot_runner.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QSaveFile>
#include <cstdio>

#include "engine_controller.h"
#include "screenshot_report.h"

ScreenshotRunner::ScreenshotRunner(EngineController* engine, ChatModel* chat, QString file, QString prompt,
                                   QObject* parent)
    : QObject(parent), engine_(engine), chat_(chat), file_(std::move(file)), prompt_(std::move(prompt)) {
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
    if (!writeReport()) return fail(QStringLiteral("could not write the report beside ") + file_);
    done_ = true;
    std::fprintf(stderr, "peng: screenshot written to %s\n", qPrintable(file_));
    QCoreApplication::exit(0);
}

bool ScreenshotRunner::writeReport() {
    QJsonObject report = screenshot_report(window_, *engine_->brain(), *chat_);
    report["screenshot"] = QFileInfo(file_).fileName();
    if (!prompt_.isEmpty()) report["frames"] = QJsonDocument::fromJson(frames_.summary().toJson()).object();
    report["backend"] = engine_->backend();
    if (engine_->backend() == QLatin1String("server")) {
        report["remoteHost"] = engine_->remoteHost();
        report["routedTokens"] = engine_->routedTokens();   // positions whose routed experts arrived
        report["brainNote"] = engine_->brainNote();
    }
    const QFileInfo shot(file_);
    QSaveFile out(shot.path() + QLatin1Char('/') + shot.completeBaseName() + QStringLiteral(".json"));
    return out.open(QIODevice::WriteOnly) && out.write(QJsonDocument(report).toJson()) > 0 && out.commit();
}

void ScreenshotRunner::fail(const QString& why) {
    if (done_) return;
    done_ = true;
    std::fprintf(stderr, "peng: screenshot failed: %s\n", qPrintable(why));
    QCoreApplication::exit(1);
}
