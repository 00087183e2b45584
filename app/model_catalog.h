#pragma once
// The MiMo-V2 checkpoints Peng runs, for the "Get a model" page: where each lives on
// Hugging Face, its size on disk, whether it fits a folder's free space, and what the
// engine's planner expects for speed under the current RAM budget.
#include <QList>
#include <QString>
#include <QVariantMap>

struct CatalogModel {
    QString name;      // "MiMo-V2.6 Flash"
    QString repo;      // "XiaomiMiMo/MiMo-V2.6-Flash"
    double size_gb;    // decimal GB on disk, as spec/mimo-v2.md section 1 gives it
    QString format;    // the routed experts' format: "MXFP4" or "FP8"
    bool flash_shape;  // the engine knows its exact shape (Flash); a Pro is unknown until downloaded
};

const QList<CatalogModel>& catalog_models();

// One row for the page: {name, repo, format, sizeGb, freeGb, fits, planned, planError,
// slotsPerLayer, allResident, expectedHitRate, diskGbPerToken, tokensPerSecondBound}.
// `planned` is false for a checkpoint whose shape the engine does not know yet.
// ramBudgetGb 0 = the memory available now; bandwidths in GB/s, 0 where unmeasured.
QVariantMap catalog_row(const CatalogModel& model, double free_gb, double ram_budget_gb, double disk_GBps,
                        double memory_GBps);
