#pragma once
// The "Get a model" page's controller: downloads a Hugging Face repository (or a
// mirror's) into a folder on a thread of its own, with progress, pause, resume and
// cancel, and opens the model when it is verified.
//
// It runs the engine-side downloader (download/hub_download.h) over QtNetwork
// (qt_http_transport.h), where `peng-cli download` runs it over libcurl: both share one
// implementation of revision pinning, partial files with journals, Range resume,
// SHA-256 checks and retries, and a folder started by one resumes in the other.
#include <QObject>
#include <QQmlEngine>
#include <QThread>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <atomic>

class EngineController;

class ModelDownloader : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(State state READ state NOTIFY stateChanged)
    Q_PROPERTY(bool available READ available CONSTANT)
    Q_PROPERTY(QString repo READ repo NOTIFY stateChanged)
    Q_PROPERTY(QString folder READ folder NOTIFY stateChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY stateChanged)
    Q_PROPERTY(qint64 doneBytes READ doneBytes NOTIFY progressChanged)
    Q_PROPERTY(qint64 totalBytes READ totalBytes NOTIFY progressChanged)
    Q_PROPERTY(double bytesPerSecond READ bytesPerSecond NOTIFY progressChanged)
    Q_PROPERTY(double secondsLeft READ secondsLeft NOTIFY progressChanged)   // -1 while unknown
    Q_PROPERTY(int filesDone READ filesDone NOTIFY progressChanged)
    Q_PROPERTY(int filesTotal READ filesTotal NOTIFY progressChanged)
    Q_PROPERTY(QString currentFile READ currentFile NOTIFY progressChanged)
    Q_PROPERTY(qint64 currentFileDone READ currentFileDone NOTIFY progressChanged)
    Q_PROPERTY(qint64 currentFileSize READ currentFileSize NOTIFY progressChanged)
    // Bytes the last finished run found already on disk (a resume), and fetched.
    Q_PROPERTY(qint64 resumedBytes READ resumedBytes NOTIFY stateChanged)
    Q_PROPERTY(qint64 fetchedBytes READ fetchedBytes NOTIFY stateChanged)
    // The last run stopped because the repository is gated or private.
    Q_PROPERTY(bool needsToken READ needsToken NOTIFY stateChanged)

public:
    enum State { Idle, Listing, Downloading, Paused, Verifying, Done, Failed };
    Q_ENUM(State)

    // No default arguments: Qt 6.4 would then construct a second instance for QML
    // instead of calling create(). `engine` (may be null) opens the finished model.
    ModelDownloader(EngineController* engine, QObject* parent);
    ~ModelDownloader() override;
    static ModelDownloader* create(QQmlEngine*, QJSEngine*);
    static void setInstance(ModelDownloader* downloader);

    State state() const { return state_; }
    bool available() const;
    QString repo() const { return repo_; }
    QString folder() const { return folder_; }
    QString errorText() const { return error_; }
    qint64 doneBytes() const { return done_; }
    qint64 totalBytes() const { return total_; }
    double bytesPerSecond() const { return rate_; }
    double secondsLeft() const;
    int filesDone() const { return files_done_; }
    int filesTotal() const { return files_total_; }
    QString currentFile() const { return current_; }
    qint64 currentFileDone() const { return current_done_; }
    qint64 currentFileSize() const { return current_size_; }
    qint64 resumedBytes() const { return resumed_; }
    qint64 fetchedBytes() const { return fetched_; }
    bool needsToken() const { return needs_token_; }
    bool running() const { return thread_ != nullptr; }

    // Tests and scripted runs set short retry waits; 0 keeps the downloader's defaults.
    void setFirstBackoff(double seconds) { first_backoff_s_ = seconds; }

    // The catalog rows (model_catalog.h) for `folder` (a path or file:// URL; its disk's
    // free space decides "fits"), under a RAM budget and measured bandwidths.
    Q_INVOKABLE QVariantList catalog(const QString& folder, double ramBudgetGb, double diskGBps, double memoryGBps) const;
    // Free space of the disk holding `folder` (or of its nearest existing parent), in GB.
    Q_INVOKABLE double freeGb(const QString& folder) const;
    // The folder `repo` downloads to: "~/models/<name>" (api/model_folders.h).
    Q_INVOKABLE QString suggestedFolder(const QString& repo) const;
    // "" when `endpoint` can be downloaded from, else what is wrong with it (hub_endpoint.h).
    Q_INVOKABLE QString endpointProblem(const QString& endpoint) const;
    // Starts, or resumes (the same repo and folder pick up the partial files), from
    // `endpoint` (huggingface.co or a mirror). The token is used for this download
    // only and is never stored.
    Q_INVOKABLE void start(const QString& repo, const QString& folder, const QString& endpoint, const QString& token);
    // Stops, keeping the partial data; start() again resumes.
    Q_INVOKABLE void pause();
    // Stops and deletes the partial download: the whole folder if this download created
    // it, otherwise only the download's own state (DIR/.peng-download), never the
    // user's files.
    Q_INVOKABLE void cancel();

signals:
    void stateChanged();
    void progressChanged();
    void finished(const QString& folder);

private:
    struct Progress {
        qint64 done = 0, total = 0, current_done = 0, current_size = 0;
        int files_done = 0, files_total = 0;
        double rate = 0;
        QString current;
        bool checking = false;
    };
    struct Outcome {
        bool ok = false, cancelled = false, gated = false;
        QString error;
        qint64 resumed = 0, fetched = 0, total = 0;
    };
    void setState(State s, const QString& error = {});
    void onProgress(const Progress& p);
    void onFinished(const Outcome& outcome);
    void removePartial();

    EngineController* engine_;
    QThread* thread_ = nullptr;
    std::atomic<bool> stop_{false};
    bool cancel_requested_ = false;
    bool created_folder_ = false;   // this download made the folder (so cancel may delete it)
    State state_ = Idle;
    QString repo_, folder_, error_;
    qint64 done_ = 0, total_ = 0, current_done_ = 0, current_size_ = 0, resumed_ = 0, fetched_ = 0;
    double rate_ = 0;
    int files_done_ = 0, files_total_ = 0;
    QString current_;
    bool needs_token_ = false;
    double first_backoff_s_ = 0;
};
