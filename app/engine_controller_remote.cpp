// EngineController's server backend: an OpenAI-compatible server (vLLM, SGLang,
// Peng's own) answers instead of this computer's engine. The chat, the brain (fed by
// the routed experts the server returns) and the profile (timings measured here)
// follow it; the local engine stays open underneath for useLocal().

#include "app_settings.h"
#include "conversation_store.h"
#include "engine_controller.h"
#include "remote_answer.h"

namespace {
QStringList model_ids(const RemoteModelsResult& result) {
    QStringList ids;
    for (const RemoteModel& m : result.models) ids.append(m.id);
    return ids;
}
}  // namespace

void EngineController::connectRemote() {
    connect(&remote_, &RemoteClient::connectionTested, this, &EngineController::onServerTested);
    connect(&probe_, &RemoteClient::connectionTested, this,
            [this](const RemoteModelsResult& r) { emit serverTested(r.ok(), r.message, model_ids(r)); });
    connect(&probe_, &RemoteClient::modelsListed, this,
            [this](const RemoteModelsResult& r) { emit serverModelsListed(r.ok(), r.message, model_ids(r)); });

    connect(&remote_, &RemoteClient::textDelta, this, [this](const QString& raw) {
        if (server_active_ && state_ == Generating) store_->messages()->appendToAnswer(raw);
    });
    connect(&remote_, &RemoteClient::routedExperts, this, [this](const RoutedExperts& rows, const RemoteShape& shape) {
        remote_brain_.feed(rows, shape);
        server_.shape = remote_brain_.shape();
        emit modelChanged();   // the grid's shape may have come from the routing data
    });
    connect(&remote_, &RemoteClient::finished, this, [this](const RemoteFinish& finish) {
        routed_tokens_ = finish.routed_positions;
        setBrainNote(finish.routing_note);
        profile_.setClientTimings(finish.timings.ttft_s, finish.timings.gaps_s);
        endRemoteAnswer(remote_stats(finish, server_.host), {}, {});
    });
    connect(&remote_, &RemoteClient::interrupted, this, [this](const QString& message) {
        routed_tokens_ = 0;
        endRemoteAnswer({{QStringLiteral("remoteHost"), server_.host}, {QStringLiteral("measuredAtClient"), true}}, message, {});
    });
    connect(&remote_, &RemoteClient::failed, this, [this](const QString& message) {
        routed_tokens_ = 0;
        endRemoteAnswer({}, {}, message);
    });
}

void EngineController::useServer(const QString& baseUrl, const QString& apiKey, const QString& model) {
    if (connecting_) return;   // the test under way answers
    if (state_ == Generating || state_ == MakingDemo) {
        emit serverConnected(false, state_ == Generating ? tr("Stop the answer being written before switching to a server.")
                                                         : tr("Wait for the demo model to be generated before switching."));
        return;
    }
    pending_server_ = Server{baseUrl.trimmed(), apiKey.trimmed(), model.trimmed(), {}, {}};
    connecting_ = true;
    setProgress(0, tr("Connecting to %1").arg(pending_server_.url));
    setState(Loading);
    remote_.testConnection(pending_server_.url, pending_server_.key, pending_server_.model);
}

void EngineController::onServerTested(const RemoteModelsResult& result) {
    if (!connecting_) return;
    connecting_ = false;
    setProgress(1, {});
    // The window goes back to what it had: the local model when one is open.
    const State fallback = server_active_ || !summary_.dir.isEmpty() ? Ready : Failed;
    if (!result.ok() || result.models.isEmpty()) {
        const QString why = result.ok() ? tr("The server lists no models.") : result.message;
        setState(fallback, why);
        emit serverConnected(false, why);
        return;
    }
    Server s = pending_server_;
    const RemoteModel* chosen = &result.models.first();
    for (const RemoteModel& m : result.models)
        if (m.id == s.model) chosen = &m;
    s.model = chosen->id;
    s.shape = chosen->shape;
    QString unused;   // the URL already worked
    const QUrl api = RemoteClient::apiBase(s.url, &unused);
    s.host = api.port() > 0 ? QStringLiteral("%1:%2").arg(api.host()).arg(api.port()) : api.host();
    server_ = s;
    server_active_ = true;
    routed_tokens_ = 0;
    profile_.setMeasuredAtClient(true);
    remote_brain_.reshape(s.shape);
    setBrainNote({});
    emit backendChanged();
    emit modelChanged();
    setState(Ready);
    emit serverConnected(true, {});
}

void EngineController::useLocal() {
    if (connecting_) {
        connecting_ = false;   // the test's answer is ignored
        setState(!summary_.dir.isEmpty() ? Ready : NoModel);
    }
    if (!server_active_) return;
    if (state_ == Generating) remote_.abort();
    leaveServer();
    if (!summary_.dir.isEmpty()) {
        setState(Ready);
    } else if (const QString last = settings_ ? settings_->lastModel() : QString(); !last.isEmpty()) {
        openModel(last);
    } else {
        openDemo();
    }
}

void EngineController::leaveServer() {
    if (!server_active_) return;
    server_active_ = false;
    routed_tokens_ = 0;
    profile_.setMeasuredAtClient(false);
    setBrainNote({});
    if (local_frame_.empty()) brain_.clear();
    else brain_.apply(local_frame_);
    emit backendChanged();
    emit modelChanged();
}

void EngineController::testServer(const QString& baseUrl, const QString& apiKey, const QString& model) {
    probe_.testConnection(baseUrl.trimmed(), apiKey.trimmed(), model.trimmed());
}

void EngineController::listServerModels(const QString& baseUrl, const QString& apiKey) {
    probe_.listModels(baseUrl.trimmed(), apiKey.trimmed());
}

void EngineController::setBrainNote(const QString& note) {
    if (note == brain_note_) return;
    brain_note_ = note;
    emit brainNoteChanged();
}

QVariantMap EngineController::remoteModelInfo() const {
    const RemoteShape& s = server_.shape;
    QVariantList moe;
    for (bool b : s.moe_layer) moe.append(b);
    return {{QStringLiteral("name"), server_.model},
            {QStringLiteral("remote"), true},
            {QStringLiteral("remoteHost"), server_.host},
            {QStringLiteral("layers"), s.layers > 0 ? s.layers : s.moe_layers},
            {QStringLiteral("moeLayers"), s.moe_layers},
            {QStringLiteral("experts"), s.experts},
            {QStringLiteral("expertsPerToken"), s.experts_per_token},
            {QStringLiteral("shapeKnown"), s.known()},
            {QStringLiteral("trimmed"), false},
            {QStringLiteral("prefetch"), false},
            {QStringLiteral("randomWeights"), false},
            {QStringLiteral("isDemo"), false},
            {QStringLiteral("moeLayer"), moe}};
}

void EngineController::startRemoteGeneration() {
    ChatModel* chat = store_->messages();
    RemoteChatRequest request;
    request.base_url = server_.url;
    request.api_key = server_.key;
    request.model = server_.model;
    request.turns = chat->turns(store_->systemPrompt());
    request.thinking = store_->thinking();
    request.sampling.temperature = settings_->temperature();
    request.sampling.top_p = settings_->topP();
    request.sampling.top_k = settings_->topK();
    // A fixed seed is sent; "random" (-1) leaves the server to draw one.
    request.sampling.seed = settings_->seed() >= 0 ? quint64(settings_->seed()) : 0;
    request.max_tokens = answer_limit_ > 0 ? answer_limit_ : settings_->maxTokens();   // 0: the server's room
    request.shape = server_.shape;

    chat->beginAnswer(remote_backend_label(server_.host, server_.model));
    profile_.clear();
    routed_tokens_ = 0;
    setState(Generating);
    remote_.startChat(request);
}

void EngineController::endRemoteAnswer(const QVariantMap& stats, const QString& interrupted, const QString& error) {
    if (state_ != Generating) return;
    ChatModel* chat = store_->messages();
    if (error.isEmpty()) chat->finishAnswerWith(stats, interrupted);
    else chat->failAnswer(error);
    store_->saveCurrent();   // a cut answer is on disk too: nothing that arrived is lost
    last_stats_ = stats;
    emit statsChanged();
    setState(Ready);
    emit generationFinished();
}
