#include "keychain_call.h"

#include <QTimer>
#include <windows.h>
#include <wincred.h>

// Generic credentials named "<service>/<entry>" in the user's Credential Manager
// ("Windows Credentials"), the store QtKeychain uses on Windows too.
namespace {
std::wstring targetName(const QString& service, const QString& entry) {
    return (service + QLatin1Char('/') + entry).toStdWString();
}

KeychainAnswer failure(DWORD error) {
    KeychainAnswer answer;
    answer.outcome = error == ERROR_NOT_FOUND ? KeychainAnswer::NotFound : KeychainAnswer::Failed;
    if (answer.outcome == KeychainAnswer::Failed) answer.value = qt_error_string(int(error));
    return answer;
}

// The Credential Manager answers at once; the answer still comes through the event
// loop, as QtKeychain's does, so callers see one order of events on every system.
void answerLater(QObject* context, KeychainDone done, const KeychainAnswer& answer) {
    QTimer::singleShot(0, context, [done = std::move(done), answer] { done(answer); });
}
}  // namespace

void startKeychainRead(const QString& service, const QString& entry, QObject* context, KeychainDone done) {
    PCREDENTIALW credential = nullptr;
    if (!CredReadW(targetName(service, entry).c_str(), CRED_TYPE_GENERIC, 0, &credential)) {
        answerLater(context, std::move(done), failure(GetLastError()));
        return;
    }
    KeychainAnswer answer;
    answer.outcome = KeychainAnswer::Done;
    answer.value = QString::fromUtf8(reinterpret_cast<const char*>(credential->CredentialBlob),
                                     qsizetype(credential->CredentialBlobSize));
    CredFree(credential);
    answerLater(context, std::move(done), answer);
}

void startKeychainWrite(const QString& service, const QString& entry, const QString& secret, QObject* context,
                        KeychainDone done) {
    const std::wstring target = targetName(service, entry);
    std::wstring user = entry.toStdWString();
    QByteArray blob = secret.toUtf8();
    CREDENTIALW credential{};
    credential.Type = CRED_TYPE_GENERIC;
    credential.TargetName = const_cast<wchar_t*>(target.c_str());
    credential.UserName = user.data();
    credential.CredentialBlobSize = DWORD(blob.size());
    credential.CredentialBlob = reinterpret_cast<LPBYTE>(blob.data());
    credential.Persist = CRED_PERSIST_LOCAL_MACHINE;   // this user on this machine; not roamed
    KeychainAnswer answer;
    answer.outcome = KeychainAnswer::Done;
    if (!CredWriteW(&credential, 0)) answer = failure(GetLastError());
    answerLater(context, std::move(done), answer);
}

void startKeychainDelete(const QString& service, const QString& entry, QObject* context, KeychainDone done) {
    KeychainAnswer answer;
    answer.outcome = KeychainAnswer::Done;
    if (!CredDeleteW(targetName(service, entry).c_str(), CRED_TYPE_GENERIC, 0)) answer = failure(GetLastError());
    answerLater(context, std::move(done), answer);
}
