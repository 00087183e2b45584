// EngineWorker's measurements: the quality cost of an expert trim and the disk's
// read speed on a model's shards. Both run here, on the worker thread.
#include "checkpoint/checkpoint.h"
#include "model/quality.h"
#include "plan/bandwidth.h"
#include "plan/model_sizes.h"

#include <algorithm>

#include "engine_worker.h"

void EngineWorker::measureQuality(const QString& dir, int expert_cap, int top_k, double top_p, int tokens) {
    try {
        peng::ModelOptions base;
        base.store.cap_per_layer = expert_cap;  // stay within the RAM the open model was planned for
        peng::ExpertTrim trim;
        trim.top_k = top_k;
        trim.top_p = top_p;
        const peng::QualityResult q = peng::measure_trim_quality(dir.toStdString(), base, trim, tokens, &stop_);
        emit qualityMeasured({{QStringLiteral("dir"), dir},
                              {QStringLiteral("topK"), top_k},
                              {QStringLiteral("topP"), top_p},
                              {QStringLiteral("tokens"), q.tokens},
                              {QStringLiteral("meanKl"), q.mean_kl},
                              {QStringLiteral("top1Agreement"), q.top1_agreement},
                              {QStringLiteral("expertsPerToken"), q.experts_per_token},
                              {QStringLiteral("expertsPerTokenExact"), q.experts_per_token_exact}});
    } catch (const std::exception& e) {
        emit qualityFailed(dir, top_k, top_p, QString::fromUtf8(e.what()));
    }
}

void EngineWorker::measureDisk(const QString& dir) {
    try {
        const peng::Checkpoint ckpt(dir.toStdString());
        const peng::ModelSizes sizes = peng::measure_model_sizes(ckpt);
        std::vector<std::string> shards;
        for (const auto& f : ckpt.files()) shards.push_back(f->path());
        // Expert-sized requests, as the engine reads them when an expert streams in.
        const uint64_t request = std::max<uint64_t>(sizes.expert_bytes, 1 << 20);
        const peng::DiskReadResult r = peng::measure_disk_read(shards, request, 64, 4);
        emit diskMeasured({{QStringLiteral("dir"), dir},
                           {QStringLiteral("GBps"), r.GBps},
                           {QStringLiteral("bytes"), double(r.bytes)},
                           {QStringLiteral("seconds"), r.seconds},
                           {QStringLiteral("direct"), r.direct},
                           {QStringLiteral("files"), int(shards.size())}});
    } catch (const std::exception& e) {
        emit diskFailed(dir, QString::fromUtf8(e.what()));
    }
}
