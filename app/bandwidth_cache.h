#pragma once
// Bandwidths measured once and kept in QSettings for the settings' speed bound:
// the machine's memory read bandwidth, and the disk read speed per model folder
// (a folder's disk, not the machine, decides how fast experts stream).
#include <QSettings>
#include <QString>
#include <QVariantMap>

class BandwidthCache {
public:
    // GB/s, or 0 when never measured.
    double memoryGBps() const;
    void storeMemory(double GBps);
    // EngineWorker::diskMeasured's result for `dir`, or {}.
    QVariantMap disk(const QString& dir) const;
    void storeDisk(const QVariantMap& result);

private:
    QSettings settings_;
};
