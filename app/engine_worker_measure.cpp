// EngineWorker's measurements: the quality cost of an expert trim and the disk's
// read speed on a model's shards. Both run here, on the worker thread, each in a turn
// of its own: they would skew, and be skewed by, a server request running meanwhile.
#include "api/tools.h"
#include "engine_worker.h"

void EngineWorker::measureQuality(const QString& dir, int expert_cap, int top_k, double top_p, int tokens) {
    const EngineTurns::Turn turn = turns_.take();
    try {
        peng::ExpertTrim trim;
        trim.top_k = top_k;
        trim.top_p = top_p;
        const peng::QualityResult q = peng::measure_trim_cost(dir.toStdString(), expert_cap, trim, tokens, &stop_);
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
    const EngineTurns::Turn turn = turns_.take();
    try {
        const peng::DiskReadResult r = peng::measure_model_disk_read(dir.toStdString());
        emit diskMeasured({{QStringLiteral("dir"), dir},
                           {QStringLiteral("GBps"), r.GBps},
                           {QStringLiteral("bytes"), double(r.bytes)},
                           {QStringLiteral("seconds"), r.seconds},
                           {QStringLiteral("direct"), r.direct},
                           {QStringLiteral("files"), r.files}});
    } catch (const std::exception& e) {
        emit diskFailed(dir, QString::fromUtf8(e.what()));
    }
}
