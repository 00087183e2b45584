#pragma once
// Settings' "Serve this model on localhost": Peng's OpenAI-compatible server
// (server/http_server.h) on 127.0.0.1, answering with the engine the window has open,
// through the same turns (engine_turns.h), so there is one copy of the model in RAM
// and the window's chat and the server's requests take turns in arrival order. Only
// loopback: the app never offers the model to other machines. The key lives in a 0600
// file (server_key_file.h). Built without the server, `available` is false and the
// settings hide the section.
#include <QObject>
#include <QQmlEngine>
#include <QTimer>
#include <QtQml/qqmlregistration.h>
#include <memory>

class AppSettings;
class EngineController;
namespace peng::server {
class HttpServer;
}

class LocalServer : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool available READ available CONSTANT)
    Q_PROPERTY(bool running READ running NOTIFY changed)
    // The port asked for (saved; 0 = any free port); listeningPort is the one bound.
    Q_PROPERTY(int port READ port WRITE setPort NOTIFY changed)
    Q_PROPERTY(int listeningPort READ listeningPort NOTIFY changed)
    // "" = no key: any program of this machine may use the server.
    Q_PROPERTY(QString apiKey READ apiKey WRITE setApiKey NOTIFY changed)
    Q_PROPERTY(QString url READ url NOTIFY changed)
    // Requests answered since the server started (any endpoint, any status).
    Q_PROPERTY(qint64 requestCount READ requestCount NOTIFY requestCountChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY changed)

public:
    // No default arguments: Qt 6.4 would then construct a second instance for QML
    // instead of calling create().
    LocalServer(EngineController* engine, AppSettings* settings, QObject* parent);
    ~LocalServer() override;  // stops the server: before the engine controller goes
    static LocalServer* create(QQmlEngine*, QJSEngine*);
    static void setInstance(LocalServer* server);

    static bool available();
    bool running() const { return server_ != nullptr; }
    int port() const;
    void setPort(int port);
    int listeningPort() const;
    QString apiKey() const { return key_; }
    void setApiKey(const QString& key);
    QString url() const;
    qint64 requestCount() const { return requests_; }
    QString errorText() const { return error_; }

    // Starts serving (and remembers to serve at the next launch); false with errorText
    // when it cannot (the port is taken, say).
    Q_INVOKABLE bool start();
    // Stops serving: waits for running answers to stop at their next token.
    Q_INVOKABLE void stop();
    Q_INVOKABLE void generateKey();
    Q_INVOKABLE void clearKey() { setApiKey({}); }

signals:
    void changed();
    void requestCountChanged();

private:
    void shutdown();                  // stop() without changing the saved preference
    void restartIfRunning();          // a new port or key takes effect at once
    void startWithTheModel();         // at launch: serve again once a model is open
    void setError(const QString& error);
    void pollRequests();

    EngineController* engine_;
    AppSettings* settings_;
    std::unique_ptr<peng::server::HttpServer> server_;
    QString key_, error_;
    qint64 requests_ = 0;
    QTimer poll_;
    bool launch_start_done_ = false;
};
