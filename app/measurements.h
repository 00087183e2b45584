#pragma once
// Measurements the settings show on request, run on the engine's worker thread:
// the quality cost of the TOPK/TOPP expert trims on the open model (cached per
// model and setting in QSettings) and the disk's read speed on its shards; plus
// the machine's hardware, probed when asked.
#include <QObject>
#include <QQmlEngine>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

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

public:
    explicit Measurements(EngineController* engine, QObject* parent = nullptr);
    static Measurements* create(QQmlEngine*, QJSEngine*);
    static void setInstance(Measurements* measurements);

    bool measuringQuality() const { return measuring_quality_; }
    QString qualityError() const { return quality_error_; }
    int qualityRevision() const { return quality_revision_; }
    bool measuringDisk() const { return measuring_disk_; }
    QVariantMap diskRead() const { return disk_read_; }

    // Tokens teacher-forced per measurement: enough for a stable mean, quick on a laptop.
    static constexpr int kQualityTokens = 64;

    // Starts measuring TOPK=topK, TOPP=topP against the exact open model.
    Q_INVOKABLE void measureTrimQuality(int topK, double topP);
    // The cached result for the open model: {meanKl, top1Agreement, tokens, ...}, or {}.
    Q_INVOKABLE QVariantMap trimQuality(int topK, double topP) const;
    Q_INVOKABLE void measureDiskRead();
    // {cpuModel, cores, instructionSets, ramTotalGb, ramAvailableGb, gpu}, probed now.
    Q_INVOKABLE QVariantMap hardware() const;

signals:
    void changed();

private:
    EngineController* engine_;
    TrimQualityCache cache_;
    bool measuring_quality_ = false, measuring_disk_ = false;
    QString quality_error_;
    int quality_revision_ = 0;
    QVariantMap disk_read_;
};
