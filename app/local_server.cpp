#include "local_server.h"

#include <QPointer>

#include "app_settings.h"
#include "engine_controller.h"
#include "log_categories.h"
#include "server_key_file.h"

#ifdef PENG_HAS_SERVER
#include "server/http_server.h"
#else
namespace peng::server {
class HttpServer {};  // never made: lets unique_ptr<HttpServer> compile in a build without the server
}  // namespace peng::server
#endif

namespace {
QPointer<LocalServer> g_instance;
constexpr int kPollMs = 500;        // the request count, twice a second while serving
const char* const kLoopback = "127.0.0.1";
}  // namespace

LocalServer* LocalServer::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance)
        g_instance = new LocalServer(EngineController::create(nullptr, js), AppSettings::create(nullptr, js), nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void LocalServer::setInstance(LocalServer* server) { g_instance = server; }

LocalServer::LocalServer(EngineController* engine, AppSettings* settings, QObject* parent)
    : QObject(parent), engine_(engine), settings_(settings) {
    try {
        key_ = ServerKeyFile().load();
    } catch (const std::exception& e) {
        error_ = QString::fromUtf8(e.what());
    }
    poll_.setInterval(kPollMs);
    connect(&poll_, &QTimer::timeout, this, &LocalServer::pollRequests);
    connect(engine_, &EngineController::modelChanged, this, &LocalServer::startWithTheModel);
    startWithTheModel();
}

LocalServer::~LocalServer() { shutdown(); }

bool LocalServer::available() {
#ifdef PENG_HAS_SERVER
    return true;
#else
    return false;
#endif
}

int LocalServer::port() const { return settings_->serverPort(); }

void LocalServer::setPort(int port) {
    if (port < 0 || port > 65535) {
        setError(tr("The port must be between 0 and 65535, not %1.").arg(port));
        return;
    }
    if (port == settings_->serverPort()) return;
    settings_->setServerPort(port);
    emit changed();
    restartIfRunning();
}

int LocalServer::listeningPort() const {
#ifdef PENG_HAS_SERVER
    if (server_) return server_->port();
#endif
    return 0;
}

QString LocalServer::url() const {
    const int shown = running() ? listeningPort() : port();
    return QStringLiteral("http://%1:%2/v1").arg(QLatin1String(kLoopback)).arg(shown);
}

void LocalServer::setApiKey(const QString& key) {
    const QString trimmed = key.trimmed();
    if (trimmed == key_) return;
    if (!ServerKeyFile::usable(trimmed)) {
        setError(tr("An API key cannot contain spaces or control characters."));
        return;
    }
    try {
        ServerKeyFile().save(trimmed);
    } catch (const std::exception& e) {
        setError(tr("The API key could not be saved: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    key_ = trimmed;
    error_.clear();
    emit changed();
    restartIfRunning();
}

void LocalServer::generateKey() { setApiKey(ServerKeyFile::generate()); }

void LocalServer::setError(const QString& error) {
    error_ = error;
    if (!error.isEmpty()) qCWarning(lcServer, "%s", qPrintable(error));
    emit changed();
}

bool LocalServer::start() {
#ifdef PENG_HAS_SERVER
    if (server_) return true;
    peng::server::ServerOptions options;
    options.host = kLoopback;
    options.port = settings_->serverPort();
    options.api_key = key_.toStdString();
    // What every request starts from: the window's threads and prefetch, which never
    // change an answer. Not its lossy expert trim: /v1/models tells clients the model
    // is exact, and sampling comes per request (or from the model's defaults).
    options.run.threads = settings_->threads();
    options.run.prefetch = settings_->prefetch() ? peng::PrefetchMode::Auto : peng::PrefetchMode::Off;
    try {
        auto server = std::make_unique<peng::server::HttpServer>(engine_->turns().host(), options);
        server->start();
        server_ = std::move(server);
    } catch (const std::exception& e) {
        setError(tr("The server could not start: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    settings_->setServerEnabled(true);
    error_.clear();
    requests_ = 0;
    poll_.start();
    emit changed();
    emit requestCountChanged();
    return true;
#else
    setError(tr("This build of Peng has no server (it was configured with PENG_SERVER off)."));
    return false;
#endif
}

void LocalServer::stop() {
    shutdown();
    settings_->setServerEnabled(false);
}

void LocalServer::shutdown() {
    if (!server_) return;
    pollRequests();  // the last figure stays on show
    poll_.stop();
#ifdef PENG_HAS_SERVER
    server_->stop();
#endif
    server_.reset();
    emit changed();
}

void LocalServer::restartIfRunning() {
    if (!server_) return;
    shutdown();
    start();
}

void LocalServer::startWithTheModel() {
    if (launch_start_done_ || engine_->summary().dir.isEmpty()) return;
    launch_start_done_ = true;
    if (settings_->serverEnabled() && !server_) start();
}

void LocalServer::pollRequests() {
#ifdef PENG_HAS_SERVER
    if (!server_) return;
    const auto count = qint64(server_->metrics().requests());
    if (count == requests_) return;
    requests_ = count;
    emit requestCountChanged();
#endif
}
