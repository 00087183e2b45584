#include "model_catalog.h"

#include <algorithm>

#include "api/release_shape.h"
#include "gigabytes.h"

const QList<CatalogModel>& catalog_models() {
    // Sizes from /work/shared/spec/mimo-v2.md section 1 ("size on disk"): V2.6-Flash 65
    // files, 177.7 GB; V2.5 ~293 GiB (314.6 GB) with its vision and audio towers and MTP
    // layers; V2.5-Pro 962 GB; V2.6-Pro 573.5 GB. V2.5 has Flash's dimensions (spec 2).
    static const QList<CatalogModel> models = {
        {QStringLiteral("MiMo-V2.6 Flash"), QStringLiteral("XiaomiMiMo/MiMo-V2.6-Flash"), 177.7, QStringLiteral("MXFP4"), true},
        {QStringLiteral("MiMo-V2.6 Pro"), QStringLiteral("XiaomiMiMo/MiMo-V2.6-Pro"), 573.5, QStringLiteral("MXFP4"), false},
        {QStringLiteral("MiMo-V2.5 Flash"), QStringLiteral("XiaomiMiMo/MiMo-V2.5"), 314.6, QStringLiteral("FP8"), true},
        {QStringLiteral("MiMo-V2.5 Pro"), QStringLiteral("XiaomiMiMo/MiMo-V2.5-Pro"), 962.0, QStringLiteral("FP8"), false},
    };
    return models;
}

QVariantMap catalog_row(const CatalogModel& model, double free_gb, double ram_budget_gb, double disk_GBps,
                        double memory_GBps) {
    QVariantMap row = {{QStringLiteral("name"), model.name},
                       {QStringLiteral("repo"), model.repo},
                       {QStringLiteral("format"), model.format},
                       {QStringLiteral("sizeGb"), model.size_gb},
                       {QStringLiteral("freeGb"), free_gb},
                       {QStringLiteral("fits"), free_gb >= model.size_gb},
                       {QStringLiteral("planned"), false}};
    if (!model.flash_shape) return row;
    try {
        const peng::PlanPreview preview =
            peng::preview_plan(peng::flash_release_info(model.format == QLatin1String("MXFP4")),
                               bytesOfGb(ram_budget_gb), disk_GBps, memory_GBps);
        row[QStringLiteral("planned")] = true;
        row[QStringLiteral("slotsPerLayer")] = preview.plan.slots_per_layer;
        row[QStringLiteral("allResident")] = preview.plan.all_resident;
        row[QStringLiteral("expectedHitRate")] = preview.plan.expected_hit_rate;
        row[QStringLiteral("diskGbPerToken")] = gbOfBytes(preview.plan.disk_bytes_per_token);
        row[QStringLiteral("tokensPerSecondBound")] = preview.bound_tokens_per_s;
    } catch (const std::exception& e) {
        // A budget below the model's minimum: the planner's sentence says by how much.
        row[QStringLiteral("planError")] = QString::fromUtf8(e.what());
    }
    return row;
}
