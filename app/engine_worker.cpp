#include "engine_worker.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <chrono>

#include "api/engine.h"
#include "api/tools.h"
#include "demo_model.h"
#include "gigabytes.h"
#include "load_progress.h"
#include "log_categories.h"
#include "model_folder.h"
#include "routing_folder.h"

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kPublishInterval(33);  // text, profile and brain: ~30 Hz

QString error_text(const std::exception& e) { return QString::fromUtf8(e.what()); }

TokenProfile to_qt(const peng::TokenProfile& p) {
    TokenProfile t;
    t.index = p.index;
    t.wall_s = p.phases.wall_s;
    t.disk_wait_s = p.phases.disk_wait_s;
    t.experts_s = p.phases.expert_matmul_s;
    t.attention_s = p.phases.attention_s;
    t.dense_s = p.phases.dense_s;
    t.other_s = p.phases.other_s;
    t.expert_hits = p.phases.expert_hits;
    t.expert_misses = p.phases.expert_misses;
    t.disk_bytes = p.phases.disk_bytes;
    return t;
}

// The engine's callbacks during one call, turned into Qt signals: text and profiles
// batched at ~30 Hz (the first token at once: time to first token is felt), routing
// folded into the brain's state.
class WorkerObserver : public peng::EngineObserver {
public:
    WorkerObserver(EngineWorker* worker, RoutingFolder* folder, quint64 id) : worker_(worker), folder_(folder), id_(id) {}

    void on_load_progress(const peng::LoadProgressInfo& p) override {
        emit worker_->loadProgress(p.fraction, load_progress_line(p));
    }
    // Ignored KV files, a failed KV save, the GPU tier's state: the log, not the chat.
    void on_note(const std::string& text) override { qCWarning(lcEngine, "%s", text.c_str()); }
    void on_token(int, const std::string& delta) override {
        text_ += QString::fromStdString(delta);
        if (++tokens_ == 1 || Clock::now() - last_flush_ >= kPublishInterval) flush();
    }
    void on_token_profile(const peng::TokenProfile& p) override { profiles_.append(to_qt(p)); }
    void on_routing(int layer, int position, const std::vector<peng::RoutedExpert>& routes,
                    const std::vector<peng::ExpertTier>& served) override {
        if (folder_) folder_->on_routing(layer, position, routes, served);
    }
    void flush() {
        if (!text_.isEmpty()) emit worker_->textDelta(id_, text_);
        if (!profiles_.isEmpty()) emit worker_->tokenProfiles(id_, profiles_);
        text_.clear();
        profiles_.clear();
        last_flush_ = Clock::now();
    }

private:
    EngineWorker* worker_;
    RoutingFolder* folder_;
    quint64 id_;
    QString text_;
    QList<TokenProfile> profiles_;
    int tokens_ = 0;
    Clock::time_point last_flush_{};
};

}  // namespace

EngineWorker::EngineWorker(EngineTurns& turns, QObject* parent) : QObject(parent), turns_(turns) {}
EngineWorker::~EngineWorker() { close(); }

void EngineWorker::makeDemo(const QString& dir) {
    try {
        DemoModel::generateStress(dir, [this](double fraction, const QString& line) { emit demoProgress(fraction, line); });
        emit demoReady(dir);
    } catch (const std::exception& e) {
        emit demoFailed(error_text(e));
    }
}

void EngineWorker::close() {
    if (!engine_) return;
    // The server stops using the engine before it goes away.
    const EngineTurns::Turn turn = turns_.take();
    turns_.share(nullptr);
    folder_.reset();
    engine_.reset();
}

void EngineWorker::open(const ModelRequest& request) {
    close();
    try {
        if (const QString problem = model_folder_problem(request.dir); !problem.isEmpty()) {
            emit openFailed(problem);
            return;
        }
        const std::string dir = request.dir.toStdString();
        // Checked before minutes of loading, not after.
        if (!QFileInfo::exists(request.dir + QStringLiteral("/tokenizer.json")))
            throw std::runtime_error(dir + ": no tokenizer.json, so the app cannot chat with this model");
        peng::LoadOptions options;
        options.model_dir = dir;
        // The engine's planner turns the RAM budget into slots and pins before any
        // weight is loaded; a budget too small is refused with the minimum.
        options.ram_budget_bytes = bytesOfGb(request.ram_budget_gb);
        options.expert_slots = request.expert_cap > 0 ? request.expert_cap : -1;
        if (request.vram_auto) {
            options.vram = peng::VramMode::Auto;
        } else if (request.vram_budget_gb > 0) {
            options.vram = peng::VramMode::Budget;
            options.vram_budget_bytes = bytesOfGb(request.vram_budget_gb);
        }
        // Loaded without a turn: nobody else can reach this engine yet, and the server
        // answers "no model open" meanwhile instead of queueing for minutes.
        WorkerObserver observer(this, nullptr, 0);
        std::unique_ptr<peng::Engine> opened_engine = peng::Engine::open(options, &observer);
        const EngineTurns::Turn turn = turns_.take();
        turns_.share(opened_engine.get());
        engine_ = std::move(opened_engine);

        const peng::ModelConfig& c = engine_->info().config;
        std::vector<bool> moe(c.num_layers);
        for (int l = 0; l < c.num_layers; ++l) moe[l] = c.is_moe(l);
        const peng::Engine* engine = engine_.get();
        folder_ = std::make_unique<RoutingFolder>(
            moe, c.n_routed_experts,
            [engine](int l, int e) { return static_cast<BrainTier>(engine->tier_of(l, e)); },
            [this](BrainFrame&& f) { emit brainFrame(f); }, kPublishInterval);
        emit opened(summarize(request.dir));
        emit brainFrame(folder_->snapshot());
    } catch (const std::exception& e) {
        close();
        qCWarning(lcEngine, "%s: not opened: %s", qPrintable(request.dir), e.what());
        emit openFailed(error_text(e));
    }
}

ModelSummary EngineWorker::summarize(const QString& dir) const {
    const peng::ModelInfo& info = engine_->info();
    const peng::ModelConfig& c = info.config;
    ModelSummary s;
    s.dir = dir;
    s.name = QFileInfo(dir).fileName();
    s.format = QString::fromStdString(info.format);
    s.layers = c.num_layers;
    s.moe_layers = c.moe_layer_count();
    s.experts = c.n_routed_experts;
    s.experts_per_token = c.num_experts_per_tok;
    s.hidden_size = c.hidden_size;
    s.expert_cap = info.expert_slots;
    s.pinned = info.pinned;
    s.info = info;
    if (info.generation.temperature) s.sampling_defaults.insert(QStringLiteral("temperature"), *info.generation.temperature);
    if (info.generation.top_p) s.sampling_defaults.insert(QStringLiteral("topP"), *info.generation.top_p);
    if (info.generation.top_k) s.sampling_defaults.insert(QStringLiteral("topK"), *info.generation.top_k);
    s.gpu_label = QString::fromStdString(info.gpu_label);
    s.gpu_note = QString::fromStdString(info.gpu_note);
    s.expert_bytes = static_cast<qint64>(info.sizes.expert_bytes);
    s.dense_bytes = static_cast<qint64>(info.dense_resident_bytes);
    s.random_weights = info.random_weights;
    for (int l = 0; l < c.num_layers; ++l) s.moe_layer.append(c.is_moe(l));
    return s;
}

void EngineWorker::forgetKv() {
    const EngineTurns::Turn turn = turns_.take();
    try {
        if (engine_) engine_->clear_kv(false);
        peng::remove_kv_files("", "");
    } catch (const std::exception& e) {
        qCWarning(lcEngine, "%s", e.what());
    }
}

void EngineWorker::forgetConversation(const QString& id) {
    const EngineTurns::Turn turn = turns_.take();
    try {
        if (engine_) engine_->forget_conversation(id.toStdString());
        peng::remove_kv_files("", id.toStdString());
    } catch (const std::exception& e) {
        qCWarning(lcEngine, "%s", e.what());
    }
}

void EngineWorker::generate(const GenerationRequest& request) {
    if (!engine_) {
        emit failed(request.id, tr("No model is open."));
        return;
    }
    // Waits while a server request runs; Stop (or quitting) ends the wait.
    const EngineTurns::Turn turn = turns_.take(&stop_);
    if (!turn.held()) {
        GenerationStats stats;
        stats.stop_reason = QStringLiteral("cancelled");
        emit finished(request.id, stats);
        return;
    }
    try {
        peng::ChatRequest chat;
        chat.conversation = request.conversation.toStdString();
        chat.thinking = request.thinking;
        for (const ChatTurn& t : request.turns) {
            nlohmann::ordered_json m = {{"role", t.role.toStdString()}, {"content", t.content.toStdString()}};
            if (t.role == QLatin1String("assistant") && !t.thinking.isEmpty())
                m["reasoning_content"] = t.thinking.toStdString();
            chat.messages.push_back(std::move(m));
        }
        peng::RunSettings settings;
        settings.sampling.temperature = request.sampling.temperature;
        settings.sampling.top_p = request.sampling.top_p;
        settings.sampling.top_k = request.sampling.top_k;
        settings.sampling.seed = request.sampling.seed;
        settings.max_new_tokens = request.max_tokens;
        settings.threads = request.threads;
        settings.trim.top_k = request.trim_top_k;
        settings.trim.top_p = request.trim_top_p;
        settings.prefetch = request.prefetch ? peng::PrefetchMode::Auto : peng::PrefetchMode::Off;

        WorkerObserver observer(this, folder_.get(), request.id);
        const peng::Reply reply = engine_->chat(chat, settings, &observer, &stop_);
        observer.flush();
        folder_->publish_now(Clock::now());

        GenerationStats stats;
        stats.prompt_tokens = reply.prompt_tokens;
        stats.reused_tokens = reply.prefix_reused_tokens;
        stats.reused_from = QString::fromLatin1(peng::reuse_source_name(reply.reuse_source));
        stats.completion_tokens = static_cast<int>(reply.tokens.size());
        stats.ttft_s = reply.ttft_s;
        stats.decode_s = reply.decode_s;
        stats.tokens_per_s = reply.tokens_per_s;
        stats.hit_rate = reply.hit_rate();
        stats.disk_bytes = reply.prefill_disk_bytes + reply.decode_disk_bytes;
        stats.stop_reason = QString::fromStdString(reply.stop_reason);
        emit finished(request.id, stats);
    } catch (const peng::ContextExceeded& e) {
        // The app opens models with a fixed context, so the way out is a shorter conversation.
        emit failed(request.id, tr("This conversation is %1 tokens long, more than the %2 tokens of context the model "
                                   "was opened with, so no answer fits. Start a new conversation or edit an earlier "
                                   "message to shorten it.")
                                    .arg(e.prompt_tokens)
                                    .arg(e.context_tokens));
    } catch (const std::exception& e) {
        qCWarning(lcEngine, "the answer failed: %s", e.what());
        emit failed(request.id, error_text(e));
    }
}
