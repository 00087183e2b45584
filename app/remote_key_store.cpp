#include "remote_key_store.h"

#include <QPointer>
#include <QTimer>
#include <memory>
#include <qt6keychain/keychain.h>

#include "remote_client.h"

namespace {
QPointer<RemoteKeyStore> g_instance;
}

RemoteKeyStore::RemoteKeyStore(QObject* parent) : QObject(parent) {}

RemoteKeyStore* RemoteKeyStore::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new RemoteKeyStore(nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void RemoteKeyStore::setInstance(RemoteKeyStore* store) { g_instance = store; }

QString RemoteKeyStore::service() { return QStringLiteral("Peng"); }

QString RemoteKeyStore::entryFor(const QString& base_url) {
    QString error;
    const QUrl base = RemoteClient::apiBase(base_url, &error);
    return base.isEmpty() ? QString() : base.toString();
}

QString RemoteKeyStore::cachedKey(const QString& base_url) const { return keys_.value(entryFor(base_url)); }

void RemoteKeyStore::load(const QString& base_url) {
    const QString entry = entryFor(base_url);
    if (entry.isEmpty() || keys_.contains(entry)) {
        emit keyLoaded(base_url, keys_.value(entry));
        return;
    }
    auto* job = new QKeychain::ReadPasswordJob(service(), this);
    job->setKey(entry);
    run(job, [this, job, entry, base_url](int error, const QString& text) {
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound) {
            // A save made while this read ran is newer than what the read found.
            if (!keys_.contains(entry)) keys_.insert(entry, error == QKeychain::NoError ? job->textData() : QString());
        } else {
            setProblem(tr("The system keychain could not be read (%1). A key entered now is kept only until Peng "
                          "closes.")
                           .arg(text));
        }
        emit keyLoaded(base_url, keys_.value(entry));
    });
}

void RemoteKeyStore::save(const QString& base_url, const QString& key) {
    const QString entry = entryFor(base_url);
    if (entry.isEmpty()) {
        emit saved(base_url, false);
        return;
    }
    if (keys_.contains(entry) && keys_.value(entry) == key && !session_only_.contains(entry)) {
        emit saved(base_url, true);   // the keychain has it already
        return;
    }
    keys_.insert(entry, key);
    QKeychain::Job* job = nullptr;
    if (key.isEmpty()) {
        job = new QKeychain::DeletePasswordJob(service(), this);
    } else {
        auto* write = new QKeychain::WritePasswordJob(service(), this);
        write->setTextData(key);
        job = write;
    }
    job->setKey(entry);
    run(job, [this, entry, base_url](int error, const QString& text) {
        // Deleting a key that was never stored is no failure.
        const bool kept = error == QKeychain::NoError || error == QKeychain::EntryNotFound;
        if (kept) session_only_.remove(entry);
        else session_only_.insert(entry);
        if (kept) setProblem({});
        else
            setProblem(tr("The system keychain is not available (%1). The API key is kept only until Peng closes: "
                          "enter it again after a restart.")
                           .arg(text));
        emit saved(base_url, kept);
    });
}

void RemoteKeyStore::run(QKeychain::Job* job, std::function<void(int, const QString&)> done) {
    // QtKeychain never stores in a plain file unless asked to; said here so it stays so.
    job->setInsecureFallback(false);
    ++jobs_;
    emit changed();
    auto finish = std::make_shared<std::function<void(int, const QString&)>>(std::move(done));
    auto settle = [this, finish](int error, const QString& text) {
        if (!*finish) return;   // the timeout came first, or the job did
        auto done_now = std::move(*finish);
        *finish = nullptr;
        --jobs_;
        done_now(error, text);
        emit changed();
    };
    connect(job, &QKeychain::Job::finished, this, [settle](QKeychain::Job* j) { settle(j->error(), j->errorString()); });
    // A Secret Service that D-Bus starts on demand may wait for an unlock prompt nobody sees.
    QTimer::singleShot(timeout_ms_, this, [settle, ms = timeout_ms_] {
        settle(QKeychain::OtherError, tr("no answer within %1 s").arg(ms / 1000.0));
    });
    job->start();
}

void RemoteKeyStore::setProblem(const QString& problem) {
    if (problem_ == problem) return;
    problem_ = problem;
    emit changed();
}
