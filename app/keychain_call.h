#pragma once
// One call to the system keychain: read, write or delete a secret stored under
// (service, entry). The answer comes later, on the thread that made the call, through
// `done`, unless `context` is gone by then. Two implementations: QtKeychain
// (keychain_call_qtkeychain.cpp: Secret Service, macOS Keychain) and the Windows
// Credential Manager (keychain_call_wincred.cpp, for the cross build without QtKeychain).
#include <QObject>
#include <QString>
#include <functional>

struct KeychainAnswer {
    enum Outcome { Done, NotFound, Failed };
    Outcome outcome = Failed;
    QString value;   // the secret for a read that is Done; why, for Failed
};
using KeychainDone = std::function<void(const KeychainAnswer&)>;

void startKeychainRead(const QString& service, const QString& entry, QObject* context, KeychainDone done);
void startKeychainWrite(const QString& service, const QString& entry, const QString& secret, QObject* context,
                        KeychainDone done);
void startKeychainDelete(const QString& service, const QString& entry, QObject* context, KeychainDone done);
