#include "engine_controller.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QRandomGenerator>
#include <QUrl>

#include "app_settings.h"
#include "conversation_store.h"
#include "demo_model.h"
#include "engine_worker.h"
#include "gigabytes.h"

namespace {
QPointer<EngineController> g_instance;
}

EngineController* EngineController::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance)
        g_instance = new EngineController(ConversationStore::create(nullptr, js), AppSettings::create(nullptr, js));
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void EngineController::setInstance(EngineController* controller) { g_instance = controller; }

EngineController::EngineController(ConversationStore* store, AppSettings* settings, QObject* parent)
    : QObject(parent), store_(store), settings_(settings), worker_(new EngineWorker(turns_)) {
    qRegisterMetaType<GenerationRequest>();
    qRegisterMetaType<ModelRequest>();
    qRegisterMetaType<ModelSummary>();
    qRegisterMetaType<TokenProfile>();
    qRegisterMetaType<QList<TokenProfile>>();
    qRegisterMetaType<GenerationStats>();
    qRegisterMetaType<BrainFrame>();

    // The trim and prefetch apply per answer: the model's badges follow the settings.
    if (settings_) connect(settings_, &AppSettings::changed, this, &EngineController::modelChanged);

    thread_.setObjectName(QStringLiteral("peng-engine"));
    worker_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);

    connect(worker_, &EngineWorker::demoProgress, this, [this](double f, const QString& line) {
        setProgress(f, tr("Generating the Flash-shape stress demo: %1").arg(line));
    });
    connect(worker_, &EngineWorker::demoReady, this, [this](const QString& dir) {
        setState(Loading);  // leaves MakingDemo, which openModel() refuses to interrupt
        openModel(dir);
    });
    connect(worker_, &EngineWorker::demoFailed, this,
            [this](const QString& e) { setState(Failed, tr("The stress demo could not be generated: %1").arg(e)); });
    connect(worker_, &EngineWorker::loadProgress, this, [this](double f, const QString& line) {
        if (state_ == Loading) setProgress(f, line);
    });
    connect(worker_, &EngineWorker::opened, this, &EngineController::onOpened);
    // Sampling settings the user left alone follow the local model's generation_config.json.
    connect(this, &EngineController::modelChanged, this, [this] {
        if (settings_) settings_->setModelDefaults(server_active_ ? QVariantMap() : summary_.sampling_defaults);
    });
    connect(worker_, &EngineWorker::openFailed, this, [this](const QString& e) {
        summary_ = ModelSummary{};
        emit modelChanged();
        setState(Failed, tr("The model could not be opened: %1").arg(e));
    });
    connect(worker_, &EngineWorker::brainFrame, this, [this](const BrainFrame& f) {
        local_frame_ = f;
        if (!server_active_) brain_.apply(f);
    });
    connect(worker_, &EngineWorker::textDelta, this, [this](quint64 id, const QString& text) {
        if (id == generation_) store_->messages()->appendToAnswer(text);
    });
    connect(worker_, &EngineWorker::tokenProfiles, this, [this](quint64 id, const QList<TokenProfile>& t) {
        if (id == generation_) profile_.append(t);
    });
    connect(worker_, &EngineWorker::finished, this, [this](quint64 id, const GenerationStats& stats) {
        if (id != generation_) return;
        store_->messages()->finishAnswer(stats);
        store_->saveCurrent();
        last_stats_ = ChatModel::statsMap(stats);
        emit statsChanged();
        setState(Ready);
        emit generationFinished();
    });
    connect(worker_, &EngineWorker::failed, this, [this](quint64 id, const QString& error) {
        if (id != generation_) return;
        store_->messages()->failAnswer(error);
        store_->saveCurrent();
        setState(Ready);
        emit generationFinished();
    });
    if (store_)
        connect(store_, &ConversationStore::removed, this, [this](const QString& id) {
            QMetaObject::invokeMethod(worker_, [w = worker_, id] { w->forgetConversation(id); }, Qt::QueuedConnection);
        });
    connectRemote();
    thread_.start();
}

void EngineController::forgetKvCaches() {
    QMetaObject::invokeMethod(worker_, [w = worker_] { w->forgetKv(); }, Qt::QueuedConnection);
}

EngineController::~EngineController() {
    worker_->stop_flag() = true;  // a running generation ends between layers
    thread_.quit();
    thread_.wait();
}

void EngineController::setState(State s, const QString& error) {
    if (s == state_ && error == error_) return;
    state_ = s;
    error_ = error;
    emit stateChanged();
}

void EngineController::setProgress(double fraction, const QString& text) {
    progress_ = fraction;
    progress_text_ = text;
    emit progressChanged();
}

namespace {

QString demoKindName(const QString& dir) {
    switch (DemoModel::kindOf(dir)) {
    case DemoModel::Kind::Trained: return QStringLiteral("trained");
    case DemoModel::Kind::Stress: return QStringLiteral("stress");
    case DemoModel::Kind::None: break;
    }
    return {};
}

}  // namespace

QVariantMap EngineController::modelInfo() const {
    if (server_active_) return remoteModelInfo();
    const ModelSummary& s = summary_;
    if (s.dir.isEmpty()) return {};
    QVariantList moe;
    for (bool b : s.moe_layer) moe.append(b);
    return {{QStringLiteral("dir"), s.dir},
            {QStringLiteral("name"), s.name},
            {QStringLiteral("format"), s.format},
            {QStringLiteral("layers"), s.layers},
            {QStringLiteral("moeLayers"), s.moe_layers},
            {QStringLiteral("experts"), s.experts},
            {QStringLiteral("expertsPerToken"), s.experts_per_token},
            {QStringLiteral("hiddenSize"), s.hidden_size},
            {QStringLiteral("expertCap"), s.expert_cap},
            {QStringLiteral("contextTokens"), s.info.context_tokens},
            // Per-answer settings: the next answer runs with them, no reload needed.
            {QStringLiteral("trimmed"), settings_ && !settings_->exact()},
            {QStringLiteral("prefetch"), settings_ && settings_->prefetch()},
            {QStringLiteral("gpuLabel"), s.gpu_label},
            {QStringLiteral("gpuNote"), s.gpu_note},
            {QStringLiteral("expertBytes"), double(s.expert_bytes)},
            {QStringLiteral("denseBytes"), double(s.dense_bytes)},
            {QStringLiteral("randomWeights"), s.random_weights},
            {QStringLiteral("isDemo"), DemoModel::kindOf(s.dir) != DemoModel::Kind::None},
            // "trained", "stress" or "" (banners and buttons differ by kind).
            {QStringLiteral("demoKind"), demoKindName(s.dir)},
            {QStringLiteral("moeLayer"), moe}};
}

void EngineController::openModel(const QString& folder) {
    if (state_ == Generating || state_ == MakingDemo) return;
    leaveServer();   // a model opened here answers here
    const QUrl url(folder);
    const QString dir = QDir::cleanPath(url.isLocalFile() ? url.toLocalFile() : folder);
    pending_dir_ = dir;
    brain_.clear();
    profile_.clear();
    setProgress(0, tr("Opening %1").arg(QFileInfo(dir).fileName()));
    setState(Loading);
    // The worker plans placement with the engine's planner before loading.
    const ModelRequest request{dir, settings_->ramBudgetGb(), settings_->ramBudgetGb() > 0 ? 0 : settings_->expertCap(),
                               settings_->vramBudgetGb(), settings_->vramAuto()};
    QMetaObject::invokeMethod(worker_, [w = worker_, request] { w->open(request); }, Qt::QueuedConnection);
}

void EngineController::onOpened(const ModelSummary& summary) {
    summary_ = summary;
    emit modelChanged();
    settings_->setLastModel(summary.dir);
    setProgress(1, {});
    setState(Ready);
}

void EngineController::openDemo() {
    if (state_ == Generating || state_ == MakingDemo) return;
    const QString dir = DemoModel::trainedDirectory();
    if (!dir.isEmpty()) return openModel(dir);
    leaveServer();
    setState(Failed, tr("The trained demo model is missing from this installation: %1").arg(DemoModel::trainedMissingReason()));
}

void EngineController::openStressDemo() {
    if (state_ == Generating || state_ == MakingDemo) return;
    const QString dir = DemoModel::stressDirectory();
    if (DemoModel::stressExists(dir)) return openModel(dir);
    setProgress(0, tr("Generating the Flash-shape stress demo"));
    setState(MakingDemo);
    QMetaObject::invokeMethod(worker_, [w = worker_, dir] { w->makeDemo(dir); }, Qt::QueuedConnection);
}

QVariantMap EngineController::planFor(double ramBudgetGb, double diskGBps, double memoryGBps) const {
    if (summary_.dir.isEmpty()) return {{QStringLiteral("ok"), false}, {QStringLiteral("error"), tr("No model is open.")}};
    try {
        const peng::PlanPreview preview = peng::preview_plan(
            summary_.info, bytesOfGb(ramBudgetGb), diskGBps, memoryGBps);
        const peng::Plan& plan = preview.plan;
        const double bound = preview.bound_tokens_per_s;
        return {{QStringLiteral("ok"), true},
                {QStringLiteral("diskGbPerToken"), gbOfBytes(plan.disk_bytes_per_token)},
                {QStringLiteral("tokensPerSecondBound"), bound},
                {QStringLiteral("slotsPerLayer"), plan.slots_per_layer},
                {QStringLiteral("allResident"), plan.all_resident},
                {QStringLiteral("expectedHitRate"), plan.expected_hit_rate},
                {QStringLiteral("budgetGb"), gbOfBytes(plan.budget_bytes)},
                {QStringLiteral("minimumGb"), gbOfBytes(plan.minimum_bytes)},
                {QStringLiteral("expertRamGb"), gbOfBytes(plan.expert_ram_bytes)},
                {QStringLiteral("denseGb"), gbOfBytes(plan.dense_bytes)}};
    } catch (const std::exception& e) {
        return {{QStringLiteral("ok"), false}, {QStringLiteral("error"), QString::fromUtf8(e.what())}};
    }
}

void EngineController::reopen() {
    if (!summary_.dir.isEmpty()) openModel(summary_.dir);
}

void EngineController::startGeneration() {
    if (server_active_) return startRemoteGeneration();
    ChatModel* chat = store_->messages();
    GenerationRequest request;
    request.id = ++generation_;
    request.conversation = store_->currentId();
    request.turns = chat->turns(store_->systemPrompt());
    request.thinking = store_->thinking();
    request.sampling.temperature = settings_->temperature();
    request.sampling.top_p = settings_->topP();
    request.sampling.top_k = settings_->topK();
    request.sampling.seed = settings_->seed() >= 0 ? quint64(settings_->seed()) : QRandomGenerator::global()->generate64();
    request.max_tokens = answer_limit_ > 0 ? answer_limit_ : AppSettings::answerTokens(settings_->maxTokens(), summary_.info.context_tokens);
    request.threads = settings_->threads();
    request.trim_top_k = settings_->trimTopK();
    request.trim_top_p = settings_->trimTopP();
    request.prefetch = settings_->prefetch();

    chat->beginAnswer();
    profile_.clear();
    worker_->stop_flag() = false;  // reset here, before the request is queued, so an early Stop is never lost
    setState(Generating);
    QMetaObject::invokeMethod(worker_, [w = worker_, request] { w->generate(request); }, Qt::QueuedConnection);
}

void EngineController::send(const QString& text) {
    if (state_ != Ready || text.trimmed().isEmpty()) return;
    store_->messages()->appendUser(text.trimmed());
    store_->saveCurrent();  // the question is on disk before the answer starts
    startGeneration();
}

void EngineController::stop() {
    if (state_ != Generating) return;
    if (server_active_) remote_.abort();   // finished("cancelled") ends the answer
    else worker_->stop_flag() = true;
}

void EngineController::regenerate() {
    ChatModel* chat = store_->messages();
    if (state_ != Ready || chat->rowCount() == 0) return;
    const int last = chat->rowCount() - 1;
    if (chat->message(last).role == QLatin1String("assistant")) chat->truncate(last);
    if (chat->rowCount() == 0) return;
    startGeneration();
}

void EngineController::editAndResend(int row, const QString& text) {
    ChatModel* chat = store_->messages();
    if (state_ != Ready || row < 0 || row >= chat->rowCount() || text.trimmed().isEmpty()) return;
    if (chat->message(row).role != QLatin1String("user")) return;
    chat->truncate(row + 1);
    chat->setUserText(row, text.trimmed());
    store_->saveCurrent();
    startGeneration();
}
