#pragma once
// Measured quality costs of expert trims, kept in QSettings per (model folder,
// TOPK, TOPP) so a measurement is made once per model and setting.
#include <QSettings>
#include <QString>
#include <QVariantMap>

class TrimQualityCache {
public:
    // A result from EngineWorker::qualityMeasured, or {} when none is stored.
    QVariantMap find(const QString& dir, int top_k, double top_p) const;
    void store(const QVariantMap& result);

    static QString key(const QString& dir, int top_k, double top_p);

private:
    QSettings settings_;
};
