#include "engine_worker.h"

#include "checkpoint/checkpoint.h"
#include "plan/model_sizes.h"
#include "plan/planner.h"
#include "plan/repin.h"
#include "experts/usage_history.h"

#include <omp.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <chrono>

#include "demo_model.h"
#include "load_progress.h"
#include "model_folder.h"
#include "model/decode_scheduler.h"
#include "model/generate.h"
#include "model/model.h"
#include "prompt_renderer.h"
#include "routing_folder.h"
#include "text/stop_tokens.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace {

constexpr std::chrono::milliseconds kPublishInterval(33);  // text, profile and brain: ~30 Hz

QString error_text(const std::exception& e) { return QString::fromUtf8(e.what()); }

}  // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {}
EngineWorker::~EngineWorker() { close(); }

void EngineWorker::makeDemo(const QString& dir) {
    try {
        DemoModel::generate(dir, [this](double fraction, const QString& line) { emit demoProgress(fraction, line); });
        emit demoReady(dir);
    } catch (const std::exception& e) {
        emit demoFailed(error_text(e));
    }
}

void EngineWorker::close() {
    if (model_) model_->set_observer(nullptr);
    folder_.reset();
    session_.reset();
    session_tokens_.clear();
    renderer_.reset();
    tokenizer_.reset();
    scheduler_.reset();
    model_.reset();
    history_.reset();
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
        const std::string tokenizer_path = dir + "/tokenizer.json";
        if (!QFileInfo::exists(QString::fromStdString(tokenizer_path)))
            throw peng::Error(dir + ": no tokenizer.json, so the app cannot chat with this model");
        emit loadProgress(0, tr("Reading the checkpoint index"));
        // The engine's planner turns the RAM budget into slots and pins before any
        // weight is loaded; a budget too small is refused here with the minimum.
        peng::ModelSizes sizes;
        peng::Plan plan;
        std::unique_ptr<peng::UsageHistory> history;
        std::string history_path;
        {
            const peng::Checkpoint ckpt(dir);
            sizes = peng::measure_model_sizes(ckpt);
            // The routing learnt in earlier sessions picks the pinned experts.
            std::string warning;
            history = peng::open_history(dir, ckpt.config(), history_path, warning);
            if (!warning.empty()) qWarning("%s", warning.c_str());
            peng::PlanRequest plan_request;
            plan_request.ram_budget_bytes = static_cast<uint64_t>(request.ram_budget_gb * 1e9);
            plan = peng::make_plan(ckpt.config(), sizes, plan_request, history.get());
        }
        LoadProgress progress(sizes.dense_bytes, plan.pins.size() * sizes.expert_bytes,
                              [this](double f, const QString& line) { emit loadProgress(f, line); });
        peng::ModelOptions options;
        // On: wherever experts can miss RAM (Auto), the only place it helps.
        options.prefetch = request.prefetch ? peng::ModelOptions::Prefetch::Auto : peng::ModelOptions::Prefetch::Off;
        options.store.cap_per_layer = request.expert_cap > 0 ? request.expert_cap : plan.slots_per_layer;
        options.trim.top_k = request.trim_top_k;
        options.trim.top_p = request.trim_top_p;
        options.dense.progress = [&progress](int done, int total) { progress.dense(done, total); };
        options.gpu.enabled = request.vram_budget_gb > 0;
        options.gpu.budget_bytes = static_cast<uint64_t>(request.vram_budget_gb * 1e9);
        options.gpu.history = history.get();
        auto model = std::make_unique<peng::Model>(dir, options);
        // Pins are read here rather than by the store's constructor, in batches, so the
        // bar moves while a large learnt set streams in; the resulting store is the same.
        pin_in_batches(model->experts(), plan.pins, progress);
        model->set_history(history.get());
        auto tokenizer = std::make_unique<peng::Tokenizer>(peng::Tokenizer::from_file(tokenizer_path));
        auto renderer = std::make_unique<PromptRenderer>(dir);
        model_ = std::move(model);
        scheduler_ = std::make_unique<peng::DecodeScheduler>(*model_, options.prefetch);
        history_ = std::move(history);
        history_path_ = history_path;
        tokenizer_ = std::move(tokenizer);
        renderer_ = std::move(renderer);

        const peng::ModelConfig& c = model_->config();
        std::vector<bool> moe(c.num_layers);
        for (int l = 0; l < c.num_layers; ++l) moe[l] = c.is_moe(l);
        const peng::ExpertStore* store = &model_->experts();
        folder_ = std::make_unique<RoutingFolder>(
            moe, c.n_routed_experts,
            [store](int l, int e) { return static_cast<BrainTier>(store->tier_of(l, e)); },
            [this](BrainFrame&& f) { emit brainFrame(f); }, kPublishInterval);
        model_->set_observer(folder_.get());
        emit opened(summarize(request.dir, sizes));
        emit brainFrame(folder_->snapshot());
    } catch (const std::exception& e) {
        close();
        emit openFailed(error_text(e));
    }
}

ModelSummary EngineWorker::summarize(const QString& dir, const peng::ModelSizes& sizes) const {
    const peng::ModelConfig& c = model_->config();
    ModelSummary s;
    s.dir = dir;
    s.name = QFileInfo(dir).fileName();
    s.format = model_->expert_format() == peng::ExpertFormat::MXFP4 ? QStringLiteral("MXFP4") : QStringLiteral("FP8");
    s.layers = c.num_layers;
    s.moe_layers = c.moe_layer_count();
    s.experts = c.n_routed_experts;
    s.experts_per_token = c.num_experts_per_tok;
    s.hidden_size = c.hidden_size;
    s.expert_cap = model_->experts().cap();
    s.pinned = static_cast<int>(model_->experts().pins().size());
    s.config = c;
    s.sizes = sizes;
    s.trimmed = model_->trim().active();
    s.gpu_label = QString::fromStdString(model_->gpu_label());
    s.gpu_note = QString::fromStdString(model_->gpu_note());
    s.prefetch = scheduler_->prefetch_enabled();
    s.expert_bytes = static_cast<qint64>(model_->experts().expert_bytes());
    s.dense_bytes = static_cast<qint64>(model_->dense_resident_bytes());
    // make-model marks its output; such weights are random, whatever the structure.
    s.random_weights = QFileInfo::exists(dir + QStringLiteral("/.peng-make-model.json"));
    for (int l = 0; l < c.num_layers; ++l) s.moe_layer.append(c.is_moe(l));
    return s;
}

// Turn boundary: save what the router chose (atomically) and let the pinned set
// follow it, with hysteresis so pins do not thrash.
void EngineWorker::learn_from_turn() {
    if (!history_) return;
    try {
        history_->save(history_path_);
    } catch (const std::exception& e) {
        qWarning("routing history not saved: %s", e.what());
    }
    const auto pins = model_->experts().pins();
    if (!pins.empty()) model_->experts().set_pins(peng::repin(pins, *history_, peng::RepinPolicy{}));
}

void EngineWorker::generate(const GenerationRequest& request) {
    if (!model_) {
        emit failed(request.id, tr("No model is open."));
        return;
    }
    using Clock = std::chrono::steady_clock;
    try {
        omp_set_num_threads(request.threads > 0 ? request.threads : omp_get_num_procs());
        const std::string text = renderer_->render(request.turns, request.thinking);
        const std::vector<int> prompt = tokenizer_->encode(text);

        // Reuse the KV cache when the new prompt extends what the session already holds
        // (the usual case: the previous exchange plus a new user message).
        const bool extends = session_ && !session_tokens_.empty() && session_tokens_.size() < prompt.size() &&
                             std::equal(session_tokens_.begin(), session_tokens_.end(), prompt.begin());
        if (!extends) {
            session_ = std::make_unique<peng::Session>(model_->config());
            session_tokens_.clear();
        }
        const int reused = static_cast<int>(session_tokens_.size());
        const std::vector<int> fresh(prompt.begin() + reused, prompt.end());

        peng::GenerateOptions options;
        options.max_new_tokens = request.max_tokens;
        options.sampling.temperature = request.sampling.temperature;
        options.sampling.top_p = request.sampling.top_p;
        options.sampling.top_k = request.sampling.top_k;
        options.sampling.seed = request.sampling.seed;
        options.allowed_ids = tokenizer_->vocab_size();
        options.stop_requested = &stop_;
        options.stop_ids = peng::stop_token_ids(tokenizer_.get(), model_->checkpoint().generation());

        peng::StreamDecoder decoder(*tokenizer_);
        QString pending_text;
        QList<TokenProfile> pending_profiles;
        Clock::time_point last_flush{};
        auto flush = [&](Clock::time_point now) {
            if (!pending_text.isEmpty()) emit textDelta(request.id, pending_text);
            if (!pending_profiles.isEmpty()) emit tokenProfiles(request.id, pending_profiles);
            pending_text.clear();
            pending_profiles.clear();
            last_flush = now;
        };

        peng::ForwardProfile last_profile = model_->profile();
        peng::ExpertStats last_stats = model_->experts().stats();
        Clock::time_point last_token = Clock::now();
        int produced = 0;
        auto on_token = [&](int id) {
            const Clock::time_point now = Clock::now();
            if (produced > 0) {
                // The forward pass between the previous token and this one.
                const peng::ForwardProfile& p = model_->profile();
                const peng::ExpertStats s = model_->experts().stats();
                TokenProfile t;
                t.index = produced;
                t.wall_s = std::chrono::duration<double>(now - last_token).count();
                t.disk_wait_s = p.disk_wait_s - last_profile.disk_wait_s;
                t.experts_s = p.experts_s - last_profile.experts_s;
                t.attention_s = p.attention_s - last_profile.attention_s;
                t.dense_s = (p.dense_s - last_profile.dense_s) + (p.router_s - last_profile.router_s) +
                            (p.head_s - last_profile.head_s);
                t.other_s = std::max(0.0, t.wall_s - t.disk_wait_s - t.experts_s - t.attention_s - t.dense_s);
                t.expert_hits = s.hits() - last_stats.hits();
                t.expert_misses = s.misses - last_stats.misses;
                t.disk_bytes = s.bytes_read - last_stats.bytes_read;
                pending_profiles.append(t);
            }
            last_profile = model_->profile();
            last_stats = model_->experts().stats();
            last_token = now;
            ++produced;
            if (!options.stop_ids.count(id)) pending_text += QString::fromStdString(decoder.push(id));
            // The first token goes out at once (time to first token is felt); the rest at ~30 Hz.
            if (produced == 1 || now - last_flush >= kPublishInterval) flush(now);
            return true;
        };

        peng::GenerateResult result = peng::generate(*scheduler_, *session_, fresh, options, on_token);
        pending_text += QString::fromStdString(decoder.flush());
        flush(Clock::now());
        folder_->publish_now(Clock::now());

        // Only what the forward pass consumed is in the cache: every sampled token
        // but the last one is fed back.
        session_tokens_ = prompt;
        session_tokens_.insert(session_tokens_.end(), result.tokens.begin(), result.tokens.end());
        session_tokens_.resize(std::min<size_t>(session_tokens_.size(), size_t(session_->length)));
        if (session_tokens_.size() != size_t(session_->length)) {
            session_.reset();  // cannot happen unless generate() changes; never trust a mismatched cache
            session_tokens_.clear();
        }

        GenerationStats stats;
        stats.prompt_tokens = static_cast<int>(prompt.size());
        stats.reused_tokens = reused;
        stats.completion_tokens = static_cast<int>(result.tokens.size());
        stats.ttft_s = result.prefill_s;
        stats.decode_s = result.decode_s;
        stats.tokens_per_s = result.decode_s > 0 && result.tokens.size() > 1
                                 ? double(result.tokens.size() - 1) / result.decode_s
                                 : 0.0;
        const double lookups = double(result.expert_hits + result.expert_misses);
        stats.hit_rate = lookups > 0 ? double(result.expert_hits) / lookups : 1.0;
        stats.disk_bytes = result.prefill_disk_bytes + result.decode_disk_bytes;
        stats.stop_reason = QString::fromStdString(result.stop_reason);
        learn_from_turn();
        emit finished(request.id, stats);
    } catch (const std::exception& e) {
        // A failure mid-way leaves the cache in an unknown state: start over next time.
        session_.reset();
        session_tokens_.clear();
        emit failed(request.id, error_text(e));
    }
}
