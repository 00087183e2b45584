#include "measurements.h"

#include <QPointer>

#include "engine_controller.h"
#include "engine_worker.h"
#include "hardware_probe.h"
#include "api/tools.h"
#include "log_categories.h"

namespace {
QPointer<Measurements> g_instance;
}

Measurements* Measurements::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new Measurements(EngineController::create(nullptr, js));
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void Measurements::setInstance(Measurements* measurements) { g_instance = measurements; }

Measurements::Measurements(EngineController* engine, QObject* parent) : QObject(parent), engine_(engine) {
    EngineWorker* worker = engine_->worker();
    connect(worker, &EngineWorker::qualityMeasured, this, [this](const QVariantMap& result) {
        cache_.store(result);
        measuring_quality_ = false;
        quality_error_.clear();
        ++quality_revision_;
        emit changed();
    });
    connect(worker, &EngineWorker::qualityFailed, this, [this](const QString&, int, double, const QString& error) {
        measuring_quality_ = false;
        quality_error_ = error;
        emit changed();
    });
    connect(worker, &EngineWorker::diskMeasured, this, [this](const QVariantMap& result) {
        measuring_disk_ = false;
        bandwidths_.storeDisk(result);
        disk_read_ = result;
        emit changed();
    });
    connect(worker, &EngineWorker::diskFailed, this, [this](const QString& dir, const QString& error) {
        measuring_disk_ = false;
        disk_read_ = {{QStringLiteral("dir"), dir}, {QStringLiteral("error"), error}};
        emit changed();
    });
    // A disk result belongs to one model folder: show the new folder's, if it was measured.
    connect(engine_, &EngineController::modelChanged, this, &Measurements::loadCachedDisk);
    connect(engine_, &EngineController::generationFinished, this, [this] {
        if (bandwidths_wanted_) ensureBandwidths();
    });
    memory_GBps_ = bandwidths_.memoryGBps();
}

Measurements::~Measurements() {
    if (memory_thread_) memory_thread_->wait();  // a second or two at most
}

void Measurements::loadCachedDisk() {
    const QString dir = engine_->summary().dir;
    if (disk_read_.value(QStringLiteral("dir")).toString() == dir) return;
    disk_read_ = dir.isEmpty() ? QVariantMap{} : bandwidths_.disk(dir);
    emit changed();
}

void Measurements::measureMemoryRead() {
    if (memory_thread_) return;
    // Its own thread: the engine's worker may be busy, and the UI must not wait.
    memory_thread_ = QThread::create([this] {
        double GBps = 0;
        try {
            GBps = peng::measure_memory_read_GBps();
        } catch (const std::exception& e) {  // e.g. no GiB to spare right now: the bound stays unknown
            qCWarning(lcApp, "memory bandwidth not measured: %s", e.what());
            return;
        }
        QMetaObject::invokeMethod(this, [this, GBps] {
            memory_GBps_ = GBps;
            bandwidths_.storeMemory(GBps);
            emit changed();
        }, Qt::QueuedConnection);
    });
    connect(memory_thread_, &QThread::finished, this, [this] {
        memory_thread_->deleteLater();
        memory_thread_ = nullptr;
        emit changed();
    });
    memory_thread_->start(QThread::LowPriority);
    emit changed();
}

void Measurements::ensureBandwidths() {
    bandwidths_wanted_ = engine_->state() == EngineController::Generating;
    if (bandwidths_wanted_) return;
    if (memory_GBps_ <= 0) measureMemoryRead();
    if (disk_read_.value(QStringLiteral("GBps")).toDouble() <= 0 && !disk_read_.contains(QStringLiteral("error")))
        measureDiskRead();
}

void Measurements::measureTrimQuality(int topK, double topP) {
    const ModelSummary& model = engine_->summary();
    if (measuring_quality_ || model.dir.isEmpty() || engine_->state() != EngineController::Ready) return;
    if (topK <= 0 && topP <= 0) return;  // exact: nothing to measure
    measuring_quality_ = true;
    quality_error_.clear();
    emit changed();
    EngineWorker* worker = engine_->worker();
    const QString dir = model.dir;
    const int cap = model.expert_cap;
    worker->stop_flag() = false;  // the measurement stops early only when the app quits
    QMetaObject::invokeMethod(
        worker, [worker, dir, cap, topK, topP] { worker->measureQuality(dir, cap, topK, topP, kQualityTokens); },
        Qt::QueuedConnection);
}

QVariantMap Measurements::trimQuality(int topK, double topP) const {
    const QString dir = engine_->summary().dir;
    if (dir.isEmpty()) return {};
    return cache_.find(dir, topK, topP);
}

void Measurements::measureDiskRead() {
    const QString dir = engine_->summary().dir;
    if (measuring_disk_ || dir.isEmpty()) return;
    measuring_disk_ = true;
    emit changed();
    EngineWorker* worker = engine_->worker();
    QMetaObject::invokeMethod(worker, [worker, dir] { worker->measureDisk(dir); }, Qt::QueuedConnection);
}

QVariantMap Measurements::hardware() const { return probe_hardware().toMap(); }
