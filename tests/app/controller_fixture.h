#pragma once
// What the app tests that drive EngineController without a window share: settings in
// Qt's test mode, a conversation store in a temporary folder, the controller, and a wait
// for the controller to settle.
#include <QTemporaryDir>
#include <QtTest>
#include <functional>
#include <memory>

#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"

class ControllerFixture {
protected:
    explicit ControllerFixture(int settle_timeout_ms) : settle_timeout_ms_(settle_timeout_ms) {}

    // Settings at their defaults, then `adjust` (before the controller reads them), then
    // the store and the controller.
    void makeController(const std::function<void(AppSettings&)>& adjust = {}) {
        QStandardPaths::setTestModeEnabled(true);
        settings_ = std::make_unique<AppSettings>(nullptr);
        settings_->restoreDefaults();
        if (adjust) adjust(*settings_);
        store_ = std::make_unique<ConversationStore>(dir_.path(), nullptr);
        engine_ = std::make_unique<EngineController>(store_.get(), settings_.get());
    }

    // Waits until the controller is Ready or Failed; Failed fails the test with its error.
    void waitReady() {
        QTRY_VERIFY_WITH_TIMEOUT(engine_->state() == EngineController::Ready || engine_->state() == EngineController::Failed,
                                 settle_timeout_ms_);
        QVERIFY2(engine_->state() == EngineController::Ready, qPrintable(engine_->errorText()));
    }

    QTemporaryDir dir_;
    std::unique_ptr<AppSettings> settings_;
    std::unique_ptr<ConversationStore> store_;
    std::unique_ptr<EngineController> engine_;

private:
    int settle_timeout_ms_;
};
