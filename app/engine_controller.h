#pragma once
// The GUI's handle on the engine. Owns the worker thread and the EngineWorker on
// it; every call into the engine is a queued call, every result a queued signal.
// It feeds the open conversation's ChatModel, the BrainModel and the profile
// timeline, all of which live on the GUI thread.
#include <QObject>
#include <QQmlEngine>
#include <QThread>
#include <QVariantMap>
#include <QtQml/qqmlregistration.h>

#include "brain_model.h"
#include "engine_turns.h"
#include "engine_types.h"
#include "profile_timeline.h"
#include "remote_brain.h"
#include "remote_client.h"

class AppSettings;
class ConversationStore;
class EngineWorker;

class EngineController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QString progressText READ progressText NOTIFY progressChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(QVariantMap model READ modelInfo NOTIFY modelChanged)
    Q_PROPERTY(bool randomWeights READ randomWeights NOTIFY modelChanged)
    Q_PROPERTY(BrainModel* brain READ brain CONSTANT)
    Q_PROPERTY(ProfileTimeline* profile READ profile CONSTANT)
    Q_PROPERTY(QVariantMap lastStats READ lastStats NOTIFY statsChanged)
    // "local" (this computer's engine) or "server" (an OpenAI-compatible server answers).
    Q_PROPERTY(QString backend READ backend NOTIFY backendChanged)
    Q_PROPERTY(QString remoteHost READ remoteHost NOTIFY backendChanged)     // host:port while a server answers
    Q_PROPERTY(QString remoteModel READ remoteModel NOTIFY backendChanged)
    // Why the brain shows no routing while a server answers (and how to enable it); "" when it does.
    Q_PROPERTY(QString brainNote READ brainNote NOTIFY brainNoteChanged)
    // Positions whose routed experts arrived with the last server answer (prompt included).
    Q_PROPERTY(int routedTokens READ routedTokens NOTIFY statsChanged)

public:
    enum State { NoModel, MakingDemo, Loading, Ready, Generating, Failed };
    Q_ENUM(State)

    EngineController(ConversationStore* store, AppSettings* settings, QObject* parent = nullptr);
    ~EngineController() override;
    static EngineController* create(QQmlEngine*, QJSEngine*);
    static void setInstance(EngineController* controller);

    State state() const { return state_; }
    bool busy() const { return state_ == MakingDemo || state_ == Loading || state_ == Generating; }
    double progress() const { return progress_; }
    QString progressText() const { return progress_text_; }
    QString errorText() const { return error_; }
    QVariantMap modelInfo() const;
    bool randomWeights() const { return !server_active_ && summary_.random_weights; }
    BrainModel* brain() { return &brain_; }
    ProfileTimeline* profile() { return &profile_; }
    QVariantMap lastStats() const { return last_stats_; }
    const ModelSummary& summary() const { return summary_; }
    // For queued requests that are not about chatting (Measurements); lives on the worker thread.
    EngineWorker* worker() const { return worker_; }
    // The engine's turns, shared with the local server (local_server.h).
    EngineTurns& turns() { return turns_; }
    QString backend() const { return server_active_ ? QStringLiteral("server") : QStringLiteral("local"); }
    QString remoteHost() const { return server_active_ ? server_.host : QString(); }
    QString remoteModel() const { return server_active_ ? server_.model : QString(); }
    QString brainNote() const { return brain_note_; }
    int routedTokens() const { return routed_tokens_; }
    // Bounds for the server's answers (tests make them short).
    RemoteClient* remoteClient() { return &remote_; }

    // A length limit for scripted runs (--screenshot) that does not touch the user's settings.
    void setAnswerLimit(int tokens) { answer_limit_ = tokens; }

    // A checkpoint folder (a path or a file:// URL).
    Q_INVOKABLE void openModel(const QString& folder);
    // The trained demo model that ships with Peng (what a first run opens).
    Q_INVOKABLE void openDemo();
    // The Flash-shape stress demo (random weights), generated first if it is not there yet.
    Q_INVOKABLE void openStressDemo();
    // Reopens the current model so new RAM/expert settings take effect.
    Q_INVOKABLE void reopen();
    // The engine planner's placement for a RAM budget on the open model (0 GB = the
    // memory available now), for the settings' live "fits / will stream" line:
    // {ok, error, slotsPerLayer, allResident, expectedHitRate, minimumGb, expertRamGb, denseGb,
    //  diskGbPerToken, tokensPerSecondBound}. The bound (the planner's decode_bound from
    // measured bandwidths in GB/s) is 0 while a bandwidth it needs is unknown (0).
    Q_INVOKABLE QVariantMap planFor(double ramBudgetGb, double diskGBps = 0, double memoryGBps = 0) const;
    // Deletes every saved conversation KV cache (RAM and disk); conversations stay.
    Q_INVOKABLE void forgetKvCaches();
    // Chat through an OpenAI-compatible server: tests the connection and the model
    // (empty = the server's first) and, once both check out, the window's answers come
    // from there. On failure errorText says why, serverConnected(false, why) is emitted
    // and the backend stays as it was. Refused (serverConnected(false, why)) while an
    // answer streams; ignored while a previous useServer is still testing.
    Q_INVOKABLE void useServer(const QString& baseUrl, const QString& apiKey, const QString& model);
    // Back to this computer's engine; the local model opens as before.
    Q_INVOKABLE void useLocal();
    // For the settings dialog: checks a server without switching to it; emits serverTested.
    Q_INVOKABLE void testServer(const QString& baseUrl, const QString& apiKey, const QString& model);
    // For the settings dialog's model picker: emits serverModelsListed.
    Q_INVOKABLE void listServerModels(const QString& baseUrl, const QString& apiKey);
    Q_INVOKABLE void send(const QString& text);
    Q_INVOKABLE void stop();
    Q_INVOKABLE void regenerate();
    Q_INVOKABLE void editAndResend(int row, const QString& text);

signals:
    void stateChanged();
    void progressChanged();
    void modelChanged();
    void statsChanged();
    void generationFinished();
    void backendChanged();
    void brainNoteChanged();
    // useServer's outcome; `message` says why it failed ("" on success).
    void serverConnected(bool ok, const QString& message);
    // testServer's and listServerModels' outcomes: `models` lists the server's model ids.
    void serverTested(bool ok, const QString& message, const QStringList& models);
    void serverModelsListed(bool ok, const QString& message, const QStringList& models);

private:
    // Server requests that may wait for the engine while one runs (more get 429).
    static constexpr int kServerQueue = 8;

    void setState(State s, const QString& error = {});
    void setProgress(double fraction, const QString& text);
    void startGeneration();
    void onOpened(const ModelSummary& summary);
    void connectRemote();
    void onServerTested(const RemoteModelsResult& result);
    void startRemoteGeneration();
    void endRemoteAnswer(const QVariantMap& stats, const QString& interrupted, const QString& error);
    void setBrainNote(const QString& note);
    void leaveServer();
    QVariantMap remoteModelInfo() const;

    ConversationStore* store_;
    AppSettings* settings_;
    EngineTurns turns_{kServerQueue};  // outlives the worker thread and the worker
    QThread thread_;
    EngineWorker* worker_;
    BrainModel brain_;
    ProfileTimeline profile_;
    State state_ = NoModel;
    double progress_ = 0;
    QString progress_text_, error_;
    ModelSummary summary_;
    QString pending_dir_;      // the folder being opened
    quint64 generation_ = 0;   // id of the answer being streamed
    QVariantMap last_stats_;
    int answer_limit_ = 0;

    // The server backend: the one answering (server_active_) and the one being tested.
    struct Server {
        QString url, key, model, host;
        RemoteShape shape;
    };
    RemoteClient remote_;            // the window's chats and useServer's test
    RemoteClient probe_;             // the settings dialog's tests; never disturbs a chat
    RemoteBrain remote_brain_{[this](BrainFrame&& f) { f.empty() ? brain_.clear() : brain_.apply(f); }};
    Server server_, pending_server_;
    bool server_active_ = false;
    bool connecting_ = false;
    QString brain_note_;
    int routed_tokens_ = 0;
    BrainFrame local_frame_;         // the local engine's last frame, shown again after useLocal()
};
