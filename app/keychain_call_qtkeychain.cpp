#include "keychain_call.h"

#include <qt6keychain/keychain.h>

namespace {
// Starts `job` (owned by `context`) and turns its end into a KeychainAnswer.
void start(QKeychain::Job* job, const QString& entry, bool is_read, KeychainDone done) {
    // QtKeychain never stores in a plain file unless asked to; said here so it stays so.
    job->setInsecureFallback(false);
    job->setKey(entry);
    QObject::connect(job, &QKeychain::Job::finished, job, [is_read, done = std::move(done)](QKeychain::Job* j) {
        KeychainAnswer answer;
        if (j->error() == QKeychain::NoError) {
            answer.outcome = KeychainAnswer::Done;
            if (is_read) answer.value = static_cast<QKeychain::ReadPasswordJob*>(j)->textData();
        } else if (j->error() == QKeychain::EntryNotFound) {
            answer.outcome = KeychainAnswer::NotFound;
        } else {
            answer.value = j->errorString();
        }
        done(answer);
    });
    job->start();
}
}  // namespace

void startKeychainRead(const QString& service, const QString& entry, QObject* context, KeychainDone done) {
    start(new QKeychain::ReadPasswordJob(service, context), entry, true, std::move(done));
}

void startKeychainWrite(const QString& service, const QString& entry, const QString& secret, QObject* context,
                        KeychainDone done) {
    auto* job = new QKeychain::WritePasswordJob(service, context);
    job->setTextData(secret);
    start(job, entry, false, std::move(done));
}

void startKeychainDelete(const QString& service, const QString& entry, QObject* context, KeychainDone done) {
    start(new QKeychain::DeletePasswordJob(service, context), entry, false, std::move(done));
}
