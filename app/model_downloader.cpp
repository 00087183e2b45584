#include "model_downloader.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QStorageInfo>
#include <QUrl>

#include "engine_controller.h"
#include "log_categories.h"
#include "model_catalog.h"

#include "api/model_folders.h"
#include "hub_endpoint.h"

#ifdef PENG_HAS_DOWNLOAD
#include "download/hub_download.h"
#include "qt_http_transport.h"
#endif

namespace {
QPointer<ModelDownloader> g_instance;
constexpr const char* kStateDir = ".peng-download";   // hub_download.cpp keeps partial files there

QString localPath(const QString& folder) {
    const QUrl url(folder);
    return url.isLocalFile() ? url.toLocalFile() : folder;
}
}  // namespace

ModelDownloader* ModelDownloader::create(QQmlEngine* qml, QJSEngine* js) {
    if (!g_instance) g_instance = new ModelDownloader(EngineController::create(qml, js), nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void ModelDownloader::setInstance(ModelDownloader* downloader) { g_instance = downloader; }

ModelDownloader::ModelDownloader(EngineController* engine, QObject* parent) : QObject(parent), engine_(engine) {}

ModelDownloader::~ModelDownloader() {
    if (!thread_) return;
    stop_ = true;   // the downloader stops between reads, keeping what it has
    thread_->wait();
}

bool ModelDownloader::available() const {
#ifdef PENG_HAS_DOWNLOAD
    return true;
#else
    return false;
#endif
}

double ModelDownloader::secondsLeft() const {
    if (rate_ <= 0 || total_ <= 0) return -1;
    return double(std::max<qint64>(0, total_ - done_)) / rate_;
}

double ModelDownloader::freeGb(const QString& folder) const {
    // The folder may not exist yet: its nearest existing parent is on the same disk.
    QString path = QFileInfo(localPath(folder).isEmpty() ? QDir::homePath() : localPath(folder)).absoluteFilePath();
    while (!QFileInfo::exists(path)) {
        const QString parent = QFileInfo(path).absolutePath();
        if (parent == path) break;
        path = parent;
    }
    const QStorageInfo storage(path);
    return storage.isValid() ? double(storage.bytesAvailable()) / 1e9 : 0;
}

QString ModelDownloader::suggestedFolder(const QString& repo) const {
    return QString::fromStdString(peng::model_folder_for(repo.toStdString()));
}

QVariantList ModelDownloader::catalog(const QString& folder, double ramBudgetGb, double diskGBps, double memoryGBps) const {
    const double free = freeGb(folder);
    QVariantList rows;
    for (const CatalogModel& m : catalog_models()) rows << catalog_row(m, free, ramBudgetGb, diskGBps, memoryGBps);
    return rows;
}

QString ModelDownloader::endpointProblem(const QString& endpoint) const { return hubEndpointProblem(endpoint); }

void ModelDownloader::setState(State s, const QString& error) {
    state_ = s;
    error_ = error;
    if (!error.isEmpty()) qCWarning(lcDownload, "%s", qPrintable(error));
    emit stateChanged();
}

void ModelDownloader::start(const QString& repo, const QString& folder, const QString& endpoint, const QString& token) {
    if (thread_) return;
#ifndef PENG_HAS_DOWNLOAD
    Q_UNUSED(endpoint)
    Q_UNUSED(token)
    repo_ = repo;
    folder_ = localPath(folder);
    setState(Failed, tr("This build of Peng cannot download models (it was built without libcurl). Use "
                        "`peng-cli download` from a build that has it, then open the folder."));
#else
    const QString path = QDir::cleanPath(localPath(folder.trimmed()));
    if (repo.trimmed().isEmpty() || path.isEmpty() || path == QLatin1String(".")) {
        setState(Failed, tr("Choose a model and a folder to download it into."));
        return;
    }
    if (const QString problem = hubEndpointProblem(endpoint); !problem.isEmpty()) {
        setState(Failed, problem);
        return;
    }
    // A different download starts afresh; the same one (a resume) keeps what it knew.
    if (repo.trimmed() != repo_ || path != folder_) created_folder_ = false;
    repo_ = repo.trimmed();
    folder_ = path;
    if (!QFileInfo::exists(path)) {
        if (!QDir().mkpath(path)) {
            setState(Failed, tr("Cannot create the folder %1.").arg(path));
            return;
        }
        created_folder_ = true;
    }
    stop_ = false;
    cancel_requested_ = false;
    needs_token_ = false;
    // Counts start over: the first report (after listing) gives what is already there.
    resumed_ = fetched_ = done_ = total_ = 0;
    files_done_ = files_total_ = 0;
    rate_ = 0;
    current_.clear();
    current_done_ = current_size_ = 0;
    setState(Listing);
    emit progressChanged();

    peng::download::DownloadOptions o;
    o.repo = repo_.toStdString();
    o.out = path.toStdString();
    o.endpoint = endpoint.trimmed().toStdString();
    o.token = token.trimmed().toStdString();
    o.transport = QtHttpTransport::factory();   // QtNetwork, the app's network stack, for every request
    if (first_backoff_s_ > 0) o.first_backoff_s = first_backoff_s_;
    o.cancel = &stop_;
    o.progress = [this](const peng::download::DownloadProgress& d) {
        Progress p;
        p.done = qint64(d.done_bytes);
        p.total = qint64(d.total_bytes);
        p.files_done = d.files_done;
        p.files_total = d.files_total;
        p.rate = d.bytes_per_s;
        p.current = QString::fromStdString(d.current);
        p.current_done = qint64(d.current_done);
        p.current_size = qint64(d.current_size);
        p.checking = d.checking;
        QMetaObject::invokeMethod(this, [this, p] { onProgress(p); }, Qt::QueuedConnection);
    };
    const bool has_token = !o.token.empty();
    thread_ = QThread::create([this, o, has_token] {
        Outcome outcome;
        try {
            const peng::download::DownloadResult r = peng::download::download_repo(o);
            outcome.ok = !r.cancelled;
            outcome.cancelled = r.cancelled;
            outcome.resumed = qint64(r.resumed_bytes);
            outcome.fetched = qint64(r.fetched_bytes);
            outcome.total = qint64(r.bytes);
        } catch (const std::exception& e) {
            outcome.error = QString::fromUtf8(e.what());
            // The engine's sentence names the CLI's --token-file; the page has a field.
            outcome.gated = outcome.error.contains(QLatin1String("is gated or private"));
            if (outcome.gated && !has_token)
                outcome.error = tr("%1 is gated or private: paste a Hugging Face access token in the Token field "
                                   "(create one at https://huggingface.co/settings/tokens after accepting the "
                                   "model's terms on its page).")
                                    .arg(QString::fromStdString(o.repo));
        }
        QMetaObject::invokeMethod(this, [this, outcome] { onFinished(outcome); }, Qt::QueuedConnection);
    });
    connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
    thread_->start(QThread::LowPriority);
#endif
}

void ModelDownloader::onProgress(const Progress& p) {
    if (!thread_) return;   // a late report after the run ended
    done_ = p.done;
    total_ = p.total;
    files_done_ = p.files_done;
    files_total_ = p.files_total;
    rate_ = p.rate;
    current_ = p.current;
    current_done_ = p.current_done;
    current_size_ = p.current_size;
    const State s = p.checking ? Verifying : Downloading;
    if (state_ != s && !stop_) setState(s);
    emit progressChanged();
}

void ModelDownloader::onFinished(const Outcome& outcome) {
    thread_ = nullptr;   // deleted by its finished signal
    resumed_ = outcome.resumed;
    fetched_ = outcome.fetched;
    rate_ = 0;
    if (cancel_requested_) {
        removePartial();
        emit progressChanged();
        setState(Idle);
        return;
    }
    needs_token_ = outcome.gated;
    if (!outcome.error.isEmpty()) {
        emit progressChanged();
        setState(Failed, outcome.error);
        return;
    }
    if (outcome.cancelled) {
        emit progressChanged();
        setState(Paused);
        return;
    }
    done_ = total_ = outcome.total;
    files_done_ = files_total_;
    current_.clear();
    emit progressChanged();
    created_folder_ = false;   // a finished model is the user's now: cancel never deletes it
    setState(Done);
    emit finished(folder_);
    if (engine_) engine_->openModel(folder_);
}

void ModelDownloader::pause() {
    if (thread_) stop_ = true;
}

void ModelDownloader::cancel() {
    if (thread_) {
        cancel_requested_ = true;
        stop_ = true;   // onFinished deletes once the downloader has let go of its files
        return;
    }
    if (state_ != Paused && state_ != Failed) return;
    removePartial();
    setState(Idle);
}

void ModelDownloader::removePartial() {
    if (folder_.isEmpty()) return;
    if (created_folder_) QDir(folder_).removeRecursively();
    else QDir(QDir(folder_).filePath(QLatin1String(kStateDir))).removeRecursively();
    created_folder_ = false;
    done_ = total_ = current_done_ = current_size_ = 0;
    files_done_ = files_total_ = 0;
    current_.clear();
    emit progressChanged();
}
