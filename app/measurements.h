#pragma once
// Measurements the settings show on request, run on the engine's worker thread:
// the quality cost of the TOPK/TOPP expert trims on the open model (cached per
// model and setting in QSettings) and the disk's read speed on its shards; the
// memory read bandwidth (on a thread of its own); plus the machine's hardware,
// probed when asked. Both bandwidths are measured once and cached in QSettings.
#include <QObject>
#include <QPointer>
#include <QQmlEngine>
#include <QThread>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "bandwidth_cache.h"
#include "trim_quality_cache.h"

class EngineController;

class Measurements : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool measuringQuality READ measuringQuality NOTIFY changed)
    Q_PROPERTY(QString qualityError READ qualityError NOTIFY changed)
    // Bumped whenever a quality result arrives, so bindings on trimQuality() re-evaluate.
    Q_PROPERTY(int qualityRevision READ qualityRevision NOTIFY changed)
    Q_PROPERTY(bool measuringDisk READ measuringDisk NOTIFY changed)
    // {GBps, bytes, seconds, direct, files} for the open model's folder, or {error}; {} before a measurement.
    Q_PROPERTY(QVariantMap diskRead READ diskRead NOTIFY changed)
    Q_PROPERTY(bool measuringMemory READ measuringMemory NOTIFY changed)
    // GB/s reading RAM with all cores; 0 before the first measurement.
    Q_PROPERTY(double memoryGBps READ memoryGBps NOTIFY changed)

public:
    explicit Measurements(EngineController* engine, QObject* parent = nullptr);
    ~Measurements() override;
    static Measurements* create(QQmlEngine*, QJSEngine*);
    static void setInstance(Measurements* measurements);

    bool measuringQuality() const { return measuring_quality_; }
    QString qualityError() const { return quality_error_; }
    int qualityRevision() const { return quality_revision_; }
    bool measuringDisk() const { return measuring_disk_; }
    QVariantMap diskRead() const { return disk_read_; }
    bool measuringMemory() const { return memory_thread_ != nullptr; }
    double memoryGBps() const { return memory_GBps_; }

    // Tokens teacher-forced per measurement: enough for a stable mean, quick on a laptop.
    static constexpr int kQualityTokens = 64;

    // Starts measuring TOPK=topK, TOPP=topP against the exact open model.
    Q_INVOKABLE void measureTrimQuality(int topK, double topP);
    // The cached result for the open model: {meanKl, top1Agreement, tokens, ...}, or {}.
    Q_INVOKABLE QVariantMap trimQuality(int topK, double topP) const;
    Q_INVOKABLE void measureDiskRead();
    Q_INVOKABLE void measureMemoryRead();
    // Measures whichever bandwidth the speed bound lacks (nothing when both are
    // cached). Waits for a running answer to end: it would skew both figures.
    Q_INVOKABLE void ensureBandwidths();
    // HardwareInfo::toMap() (hardware_probe.h), probed now.
    Q_INVOKABLE QVariantMap hardware() const;

signals:
    void changed();

private:
    void loadCachedDisk();

    EngineController* engine_;
    TrimQualityCache cache_;
    BandwidthCache bandwidths_;
    QPointer<QThread> memory_thread_;
    double memory_GBps_ = 0;
    bool bandwidths_wanted_ = false;
    bool measuring_quality_ = false, measuring_disk_ = false;
    QString quality_error_;
    int quality_revision_ = 0;
    QVariantMap disk_read_;
};
