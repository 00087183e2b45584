#include "remote_key_store.h"

#include <QPointer>
#include <QTimer>
#include <memory>

#include "keychain_call.h"
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
    run([this, entry](KeychainDone done) { startKeychainRead(service(), entry, this, std::move(done)); },
        [this, entry, base_url](const KeychainAnswer& answer) {
            if (answer.outcome != KeychainAnswer::Failed) {
                // A save made while this read ran is newer than what the read found.
                if (!keys_.contains(entry)) keys_.insert(entry, answer.value);
            } else {
                setProblem(tr("The system keychain could not be read (%1). A key entered now is kept only until "
                              "Peng closes.")
                               .arg(answer.value));
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
    run(
        [this, entry, key](KeychainDone done) {
            if (key.isEmpty()) startKeychainDelete(service(), entry, this, std::move(done));
            else startKeychainWrite(service(), entry, key, this, std::move(done));
        },
        [this, entry, base_url](const KeychainAnswer& answer) {
            // Deleting a key that was never stored is no failure.
            const bool kept = answer.outcome != KeychainAnswer::Failed;
            if (kept) session_only_.remove(entry);
            else session_only_.insert(entry);
            if (kept) setProblem({});
            else
                setProblem(tr("The system keychain is not available (%1). The API key is kept only until Peng "
                              "closes: enter it again after a restart.")
                               .arg(answer.value));
            emit saved(base_url, kept);
        });
}

void RemoteKeyStore::run(const std::function<void(KeychainDone)>& start, KeychainDone done) {
    ++jobs_;
    emit changed();
    auto finish = std::make_shared<KeychainDone>(std::move(done));
    auto settle = [this, finish](const KeychainAnswer& answer) {
        if (!*finish) return;   // the timeout came first, or the keychain did
        auto done_now = std::move(*finish);
        *finish = nullptr;
        --jobs_;
        done_now(answer);
        emit changed();
    };
    // A Secret Service that D-Bus starts on demand may wait for an unlock prompt nobody sees.
    QTimer::singleShot(timeout_ms_, this, [settle, ms = timeout_ms_] {
        settle({KeychainAnswer::Failed, tr("no answer within %1 s").arg(ms / 1000.0)});
    });
    start(settle);
}

void RemoteKeyStore::setProblem(const QString& problem) {
    if (problem_ == problem) return;
    problem_ = problem;
    emit changed();
}
