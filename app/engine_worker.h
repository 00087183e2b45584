#pragma once
// Lives on the engine's worker thread: a thin adapter between Qt types and the engine
// API (api/engine.h), which owns the model, tokenizer, template and KV reuse. The GUI
// talks to it only through queued calls and its signals; the shared things are the
// stop flag and the engine's turns (engine_turns.h): every use of the engine here
// waits for its turn, in line with the local server's requests.
#include <QObject>
#include <QVariantMap>
#include <atomic>
#include <memory>

#include "brain_frame.h"
#include "engine_turns.h"
#include "engine_types.h"

namespace peng {
class Engine;
}
class RoutingFolder;

class EngineWorker : public QObject {
    Q_OBJECT
public:
    // `turns` outlives the worker (EngineController owns both).
    explicit EngineWorker(EngineTurns& turns, QObject* parent = nullptr);
    ~EngineWorker() override;

    // Set from any thread; checked by the engine between layers and tokens, and while
    // an answer waits for its turn behind a server request.
    std::atomic<bool>& stop_flag() { return stop_; }

    // Called on the worker thread (queued).
    void makeDemo(const QString& dir);
    void open(const ModelRequest& request);
    void generate(const GenerationRequest& request);
    void close();
    // Forgets every cached conversation prefix, in RAM and in every model's KV files.
    void forgetKv();
    // Forgets one conversation's prefix (it was deleted), in RAM and on disk.
    void forgetConversation(const QString& id);
    // Measurements on request (engine_worker_measure.cpp); they share the thread so
    // they never compete with an answer for the cores.
    void measureQuality(const QString& dir, int expert_cap, int top_k, double top_p, int tokens);
    void measureDisk(const QString& dir);

signals:
    void demoProgress(double fraction, const QString& line);
    void demoReady(const QString& dir);
    void demoFailed(const QString& error);
    // While a model opens: the fraction done (0..1) and what is being read.
    void loadProgress(double fraction, const QString& line);
    void opened(const ModelSummary& summary);
    void openFailed(const QString& error);
    void textDelta(quint64 id, const QString& text);
    void tokenProfiles(quint64 id, const QList<TokenProfile>& tokens);
    void brainFrame(const BrainFrame& frame);
    void finished(quint64 id, const GenerationStats& stats);
    void failed(quint64 id, const QString& error);
    // {dir, topK, topP, tokens, meanKl, top1Agreement, expertsPerToken, expertsPerTokenExact}
    void qualityMeasured(const QVariantMap& result);
    void qualityFailed(const QString& dir, int top_k, double top_p, const QString& error);
    // {dir, GBps, bytes, seconds, direct, files}
    void diskMeasured(const QVariantMap& result);
    void diskFailed(const QString& dir, const QString& error);

private:
    ModelSummary summarize(const QString& dir) const;

    EngineTurns& turns_;
    std::unique_ptr<peng::Engine> engine_;
    std::unique_ptr<RoutingFolder> folder_;
    std::atomic<bool> stop_{false};
};
