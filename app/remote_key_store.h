#pragma once
// A server's API key, kept in the system keychain (QtKeychain: the Secret Service on
// Linux, Keychain on macOS, the Credential Manager on Windows), never in the settings
// file. One entry per server, named by its API base. Where no keychain answers (a
// headless machine without a Secret Service, a refused unlock), the key is kept in
// memory for this session only and `problem` says so.
#include <QHash>
#include <QObject>
#include <QSet>
#include <QQmlEngine>
#include <QString>
#include <QtQml/qqmlregistration.h>
#include <functional>

struct KeychainAnswer;

class RemoteKeyStore : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    // Why keys are not in the keychain now; "" while it works (or has not been needed).
    Q_PROPERTY(QString problem READ problem NOTIFY changed)
    Q_PROPERTY(bool busy READ busy NOTIFY changed)

public:
    // No default arguments: Qt 6.4 would then construct a second instance for QML
    // instead of calling create().
    explicit RemoteKeyStore(QObject* parent);
    static RemoteKeyStore* create(QQmlEngine*, QJSEngine*);
    static void setInstance(RemoteKeyStore* store);

    // The keychain service every entry is under.
    static QString service();
    // The entry's name for a server: its API base, so "host:8000" and
    // "http://host:8000/v1/" share one key. Empty for an address that is not http(s).
    static QString entryFor(const QString& base_url);

    // A keychain that has not answered within this bound counts as unavailable.
    void setTimeoutMs(int ms) { timeout_ms_ = qMax(1, ms); }

    QString problem() const { return problem_; }
    bool busy() const { return jobs_ > 0; }

    // The key known for the server without asking the keychain; "" when none is known.
    Q_INVOKABLE QString cachedKey(const QString& base_url) const;
    // Reads the server's key ("" when it has none) and emits keyLoaded: at once when it
    // is known already, else when the keychain answers.
    Q_INVOKABLE void load(const QString& base_url);
    // Keeps the server's key (an empty key removes it) and emits saved: inKeychain is
    // false when it is kept for this session only. cachedKey has it at once.
    Q_INVOKABLE void save(const QString& base_url, const QString& key);

signals:
    void changed();
    void keyLoaded(const QString& baseUrl, const QString& key);
    void saved(const QString& baseUrl, bool inKeychain);

private:
    // Runs the keychain call `start` with the timeout; `done` gets its answer (a timeout
    // reads as Failed).
    void run(const std::function<void(std::function<void(const KeychainAnswer&)>)>& start,
             std::function<void(const KeychainAnswer&)> done);
    void setProblem(const QString& problem);

    QHash<QString, QString> keys_;   // entry -> key, "" = known to have none
    QSet<QString> session_only_;     // entries whose last save did not reach the keychain
    QString problem_;
    int jobs_ = 0;
    int timeout_ms_ = 15000;
};
