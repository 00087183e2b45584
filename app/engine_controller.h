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
    Q_PROPERTY(QString demoDirectory READ demoDirectory CONSTANT)
    Q_PROPERTY(BrainModel* brain READ brain CONSTANT)
    Q_PROPERTY(ProfileTimeline* profile READ profile CONSTANT)
    Q_PROPERTY(QVariantMap lastStats READ lastStats NOTIFY statsChanged)

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
    bool randomWeights() const { return summary_.random_weights; }
    QString demoDirectory() const;
    BrainModel* brain() { return &brain_; }
    ProfileTimeline* profile() { return &profile_; }
    QVariantMap lastStats() const { return last_stats_; }
    const ModelSummary& summary() const { return summary_; }
    // For queued requests that are not about chatting (Measurements); lives on the worker thread.
    EngineWorker* worker() const { return worker_; }
    // The engine's turns, shared with the local server (local_server.h).
    EngineTurns& turns() { return turns_; }
    // A length limit for scripted runs (--screenshot) that does not touch the user's settings.
    void setAnswerLimit(int tokens) { answer_limit_ = tokens; }

    // A checkpoint folder (a path or a file:// URL).
    Q_INVOKABLE void openModel(const QString& folder);
    // The built-in demo model, generated first if it is not there yet.
    Q_INVOKABLE void openDemo();
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

private:
    // Server requests that may wait for the engine while one runs (more get 429).
    static constexpr int kServerQueue = 8;

    void setState(State s, const QString& error = {});
    void setProgress(double fraction, const QString& text);
    void startGeneration();
    void onOpened(const ModelSummary& summary);

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
};
