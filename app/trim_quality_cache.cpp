#include "trim_quality_cache.h"

#include "folder_key.h"

QString TrimQualityCache::key(const QString& dir, int top_k, double top_p) {
    return QStringLiteral("trimQuality/%1/k%2_p%3")
        .arg(folder_key(dir))
        .arg(top_k)
        .arg(top_p, 0, 'f', 2);
}

QVariantMap TrimQualityCache::find(const QString& dir, int top_k, double top_p) const {
    return settings_.value(key(dir, top_k, top_p)).toMap();
}

void TrimQualityCache::store(const QVariantMap& result) {
    const QString k = key(result.value(QStringLiteral("dir")).toString(), result.value(QStringLiteral("topK")).toInt(),
                          result.value(QStringLiteral("topP")).toDouble());
    settings_.setValue(k, result);
}
