#include "bandwidth_cache.h"

#include "folder_key.h"

namespace {
const QString kMemoryKey = QStringLiteral("bandwidth/memoryGBps");
QString disk_key(const QString& dir) { return QStringLiteral("bandwidth/disk/") + folder_key(dir); }
}  // namespace

double BandwidthCache::memoryGBps() const { return settings_.value(kMemoryKey, 0.0).toDouble(); }

void BandwidthCache::storeMemory(double GBps) { settings_.setValue(kMemoryKey, GBps); }

QVariantMap BandwidthCache::disk(const QString& dir) const { return settings_.value(disk_key(dir)).toMap(); }

void BandwidthCache::storeDisk(const QVariantMap& result) {
    settings_.setValue(disk_key(result.value(QStringLiteral("dir")).toString()), result);
}
