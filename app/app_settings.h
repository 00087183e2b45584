#pragma once
// User settings persisted with QSettings, defaults in one table. Engine-facing
// values (expert cap, threads, sampling) are read when a model opens or an answer
// starts, so changing them never disturbs a generation in flight.
#include <QObject>
#include <QQmlEngine>
#include <QSet>
#include <QSettings>
#include <QtQml/qqmlregistration.h>

class AppSettings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(double temperature READ temperature WRITE setTemperature NOTIFY changed)
    Q_PROPERTY(double topP READ topP WRITE setTopP NOTIFY changed)
    Q_PROPERTY(int topK READ topK WRITE setTopK NOTIFY changed)
    Q_PROPERTY(int seed READ seed WRITE setSeed NOTIFY changed)
    Q_PROPERTY(int maxTokens READ maxTokens WRITE setMaxTokens NOTIFY changed)
    Q_PROPERTY(int threads READ threads WRITE setThreads NOTIFY changed)
    Q_PROPERTY(int expertCap READ expertCap WRITE setExpertCap NOTIFY changed)
    Q_PROPERTY(double ramBudgetGb READ ramBudgetGb WRITE setRamBudgetGb NOTIFY changed)
    Q_PROPERTY(double vramBudgetGb READ vramBudgetGb WRITE setVramBudgetGb NOTIFY changed)
    Q_PROPERTY(bool vramAuto READ vramAuto WRITE setVramAuto NOTIFY changed)
    Q_PROPERTY(QString lastModel READ lastModel WRITE setLastModel NOTIFY changed)
    Q_PROPERTY(bool shaderEffects READ shaderEffects WRITE setShaderEffects NOTIFY changed)
    Q_PROPERTY(bool prefetch READ prefetch WRITE setPrefetch NOTIFY changed)
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY changed)
    Q_PROPERTY(QString theme READ theme WRITE setTheme NOTIFY changed)
    Q_PROPERTY(int trimTopK READ trimTopK WRITE setTrimTopK NOTIFY changed)
    Q_PROPERTY(double trimTopP READ trimTopP WRITE setTrimTopP NOTIFY changed)
    Q_PROPERTY(bool serverEnabled READ serverEnabled WRITE setServerEnabled NOTIFY changed)
    Q_PROPERTY(int serverPort READ serverPort WRITE setServerPort NOTIFY changed)
    Q_PROPERTY(QString backend READ backend WRITE setBackend NOTIFY changed)
    Q_PROPERTY(QString serverUrl READ serverUrl WRITE setServerUrl NOTIFY changed)
    Q_PROPERTY(QString serverModel READ serverModel WRITE setServerModel NOTIFY changed)
    Q_PROPERTY(QString downloadEndpoint READ downloadEndpoint WRITE setDownloadEndpoint NOTIFY changed)
    // True while no setting that changes output is on (the expert trims are the lossy ones).
    Q_PROPERTY(bool exact READ exact NOTIFY changed)
    // The open model's sampling defaults from its generation_config.json ({temperature,
    // topP, topK}, each only where the checkpoint states it): a setting the user has not
    // changed follows these, then the built-in table.
    Q_PROPERTY(QVariantMap modelDefaults READ modelDefaults NOTIFY changed)

public:
    // No default arguments: Qt 6.4 would then construct a second instance for QML
    // instead of calling create().
    explicit AppSettings(QObject* parent);
    static AppSettings* create(QQmlEngine*, QJSEngine*);
    static void setInstance(AppSettings* settings);

    double temperature() const { return value("temperature").value<double>(); }
    void setTemperature(double v) { setValue("temperature", v); }
    double topP() const { return value("topP").value<double>(); }
    void setTopP(double v) { setValue("topP", v); }
    int topK() const { return value("topK").value<int>(); }
    void setTopK(int v) { setValue("topK", v); }
    int seed() const { return value("seed").value<int>(); }  // -1 = a new random seed for every answer
    void setSeed(int v) { setValue("seed", v); }
    // 0 (the default) = up to the context the model was opened with (answerTokens()).
    int maxTokens() const { return value("maxTokens").value<int>(); }
    void setMaxTokens(int v) { setValue("maxTokens", v); }
    int threads() const { return value("threads").value<int>(); }  // 0 = one per core
    void setThreads(int v) { setValue("threads", v); }
    int expertCap() const { return value("expertCap").value<int>(); }  // RAM slots per MoE layer; 0 = every expert
    void setExpertCap(int v) { setValue("expertCap", v); }
    double ramBudgetGb() const { return value("ramBudgetGb").value<double>(); }  // 0 = no budget: the expert cap decides
    void setRamBudgetGb(double v) { setValue("ramBudgetGb", v); }
    double vramBudgetGb() const { return value("vramBudgetGb").value<double>(); }  // the CUDA tier; 0 = off
    void setVramBudgetGb(double v) { setValue("vramBudgetGb", v); }
    // The CUDA tier sized by the engine: free VRAM minus a reserve (peng-cli's --vram auto).
    bool vramAuto() const { return value("vramAuto").value<bool>(); }
    void setVramAuto(bool v) { setValue("vramAuto", v); }
    QString lastModel() const { return value("lastModel").value<QString>(); }
    void setLastModel(const QString& v) { setValue("lastModel", v); }
    bool prefetch() const { return value("prefetch").value<bool>(); }  // router lookahead; exact, on by default (runs only when experts stream)
    void setPrefetch(bool v) { setValue("prefetch", v); }
    bool shaderEffects() const { return value("shaderEffects").value<bool>(); }
    void setShaderEffects(bool v) { setValue("shaderEffects", v); }
    QString language() const { return value("language").value<QString>(); }  // "" = the system's
    void setLanguage(const QString& v) { setValue("language", v); }
    QString theme() const { return value("theme").value<QString>(); }  // "dark", "light" or "system" (SystemTheme)
    void setTheme(const QString& v) { setValue("theme", v); }

    int trimTopK() const { return value("trimTopK").value<int>(); }  // lossy: keep the k heaviest routed experts; 0 = off
    void setTrimTopK(int v) { setValue("trimTopK", v); }
    double trimTopP() const { return value("trimTopP").value<double>(); }  // lossy: keep experts up to weight p; 0 = off
    void setTrimTopP(double v) { setValue("trimTopP", v); }

    // The local server (local_server.h): on when last turned on and not turned off since,
    // so it starts again with the next launch's model. Its key is not here (see there).
    bool serverEnabled() const { return value("serverEnabled").value<bool>(); }
    void setServerEnabled(bool v) { setValue("serverEnabled", v); }
    int serverPort() const { return value("serverPort").value<int>(); }  // 0 = any free port
    void setServerPort(int v) { setValue("serverPort", v); }

    // Who answers the chats: "local" (this computer's engine) or "server" (an
    // OpenAI-compatible server at serverUrl, running serverModel; "" = its only model).
    // The server's API key is in the system keychain (remote_key_store.h), never here.
    QString backend() const { return value("backend").value<QString>(); }
    void setBackend(const QString& v) { setValue("backend", v); }
    QString serverUrl() const { return value("serverUrl").value<QString>(); }
    void setServerUrl(const QString& v) { setValue("serverUrl", v); }
    QString serverModel() const { return value("serverModel").value<QString>(); }
    void setServerModel(const QString& v) { setValue("serverModel", v); }

    // Where "Get a model" downloads from: huggingface.co or a mirror (hub_endpoint.h).
    // The Hugging Face token is never stored.
    QString downloadEndpoint() const { return value("downloadEndpoint").value<QString>(); }
    void setDownloadEndpoint(const QString& v) { setValue("downloadEndpoint", v); }

    bool exact() const { return trimTopK() <= 0 && trimTopP() <= 0; }

    Q_INVOKABLE void restoreDefaults();
    // The value `key` returns to: the model's default where it states one, else the table's.
    Q_INVOKABLE QVariant defaultValue(const QString& key) const;
    // Set when a local model opens (ModelSummary::sampling_defaults), cleared for a server.
    void setModelDefaults(const QVariantMap& defaults);
    QVariantMap modelDefaults() const { return model_defaults_; }
    // True while `key` has no value of the user's and the open model states one.
    Q_INVOKABLE bool followsModel(const QString& key) const;
    // Forgets the user's value of `key`, so it follows the model's default (or the table's) again.
    Q_INVOKABLE void resetToDefault(const QString& key);
    // The answer limit for a model opened with `context_tokens`: maxTokens, or the whole
    // context when it is 0 (the engine stops where the context ends).
    static int answerTokens(int max_tokens_setting, int context_tokens);

signals:
    void changed();

private:
    QVariant value(const char* key) const;
    void setValue(const char* key, const QVariant& v);
    QSettings settings_;
    QVariantMap model_defaults_;
    mutable QSet<QString> warned_;  // stored values refused as out of range, each reported once
};
