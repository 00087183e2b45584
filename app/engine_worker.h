#pragma once
#include "experts/usage_history.h"
// Lives on the engine's worker thread and owns everything of the engine: the
// model, tokenizer, chat template and the KV session. The GUI talks to it only
// through queued calls and its signals; the one shared thing is the stop flag.
#include <QObject>
#include <QVariantMap>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

#include "brain_frame.h"
#include "engine_types.h"

namespace peng {
class DecodeScheduler;
class Model;
class Tokenizer;
struct Session;
}  // namespace peng
class PromptRenderer;
class RoutingFolder;

class EngineWorker : public QObject {
    Q_OBJECT
public:
    explicit EngineWorker(QObject* parent = nullptr);
    ~EngineWorker() override;

    // Set from any thread; checked by the engine between layers and tokens.
    std::atomic<bool>& stop_flag() { return stop_; }

    // Called on the worker thread (queued).
    void makeDemo(const QString& dir);
    void open(const ModelRequest& request);
    void generate(const GenerationRequest& request);
    void close();
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
    ModelSummary summarize(const QString& dir, const peng::ModelSizes& sizes) const;

    void learn_from_turn();

    std::unique_ptr<peng::UsageHistory> history_;  // before model_: the model records into it
    std::string history_path_;
    std::unique_ptr<peng::Model> model_;
    std::unique_ptr<peng::DecodeScheduler> scheduler_;  // after model_: unhooks from it first
    std::unique_ptr<peng::Tokenizer> tokenizer_;
    std::unique_ptr<PromptRenderer> renderer_;
    std::unique_ptr<peng::Session> session_;
    std::vector<int> session_tokens_;  // what the session's KV cache holds, in order
    std::unique_ptr<RoutingFolder> folder_;
    std::atomic<bool> stop_{false};
};
