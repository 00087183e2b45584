// A server's API key in the system keychain, never in the settings file. Two CTest
// runs of this one executable: app_test_remote_key_store_keyring runs it under
// with_keyring.sh (a private D-Bus session with gnome-keyring unlocked, so the real
// Secret Service path is taken; PENG_TEST_KEYRING=1), app_test_remote_key_store with
// no keychain reachable (the D-Bus address points nowhere), where the key is kept
// for the session only and `problem` says so. Each test runs in its own mode.
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "app_settings.h"
#include "remote_key_store.h"

namespace {
const QString kUrl = QStringLiteral("http://127.0.0.1:8000/v1");
const QString kKey = QStringLiteral("sk-peng-test-7f3a9c");

bool keyring_mode() { return qEnvironmentVariableIntValue("PENG_TEST_KEYRING") == 1; }

// What load() reports for `url` on a store that has not cached it.
QString loaded(RemoteKeyStore& store, const QString& url) {
    QSignalSpy spy(&store, &RemoteKeyStore::keyLoaded);
    store.load(url);
    if (spy.isEmpty() && !spy.wait(20000)) return QStringLiteral("<no answer>");
    return spy.first().at(1).toString();
}

// inKeychain of save().
bool saved(RemoteKeyStore& store, const QString& url, const QString& key) {
    QSignalSpy spy(&store, &RemoteKeyStore::saved);
    store.save(url, key);
    if (spy.isEmpty() && !spy.wait(20000)) return false;
    return spy.first().at(1).toBool();
}
}  // namespace

class TestRemoteKeyStore : public QObject {
    Q_OBJECT
    QTemporaryDir config_;

    // The settings file holds the server's address and model, never its key.
    void checkSettingsFileHasNoKey() {
        AppSettings settings(nullptr);
        settings.setBackend(QStringLiteral("server"));
        settings.setServerUrl(kUrl);
        settings.setServerModel(QStringLiteral("tiny"));
        QSettings raw;
        raw.sync();
        QFile file(raw.fileName());
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(raw.fileName()));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains(kUrl.toUtf8()), text.constData());   // the right file, written
        QVERIFY2(!text.contains(kKey.toUtf8()), text.constData());
    }

private slots:
    void initTestCase() {
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(config_.path()));
        QCoreApplication::setOrganizationName(QStringLiteral("PengTest"));
        QCoreApplication::setApplicationName(QStringLiteral("remote-key-store"));
        // Outside the keyring run, no keychain: never the user's own.
        if (!keyring_mode()) qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/peng-test-bus");
    }

    void entriesAreNamedByTheApiBase() {
        QCOMPARE(RemoteKeyStore::entryFor(QStringLiteral("127.0.0.1:8000")), kUrl);
        QCOMPARE(RemoteKeyStore::entryFor(QStringLiteral("http://127.0.0.1:8000/v1/")), kUrl);
        QCOMPARE(RemoteKeyStore::entryFor(QStringLiteral("https://gpu.example:8443/v1")),
                 QStringLiteral("https://gpu.example:8443/v1"));
        QCOMPARE(RemoteKeyStore::entryFor(QStringLiteral("ftp://x")), QString());
    }

    void keyGoesToTheSystemKeychain() {
        if (!keyring_mode()) QSKIP("runs under with_keyring.sh (app_test_remote_key_store_keyring)");
        RemoteKeyStore writer(nullptr);
        QVERIFY(saved(writer, kUrl, kKey));
        QCOMPARE(writer.problem(), QString());
        QVERIFY(!writer.busy());

        // A second store caches nothing: it reads the keychain, under the same entry
        // whatever form of the address it is given.
        RemoteKeyStore reader(nullptr);
        QCOMPARE(reader.cachedKey(kUrl), QString());
        QCOMPARE(loaded(reader, QStringLiteral("http://127.0.0.1:8000")), kKey);
        QCOMPARE(reader.cachedKey(kUrl), kKey);
        QCOMPARE(loaded(reader, QStringLiteral("http://127.0.0.1:8001/v1")), QString());
        QCOMPARE(reader.problem(), QString());
        checkSettingsFileHasNoKey();

        // An empty key removes the entry.
        QVERIFY(saved(writer, kUrl, QString()));
        RemoteKeyStore after(nullptr);
        QCOMPARE(loaded(after, kUrl), QString());
        QCOMPARE(after.problem(), QString());
    }

    void withoutKeychainTheKeyLastsTheSession() {
        if (keyring_mode()) QSKIP("needs no keychain; app_test_remote_key_store runs it");
        RemoteKeyStore store(nullptr);
        QVERIFY(!saved(store, kUrl, kKey));
        QVERIFY2(store.problem().contains(QLatin1String("kept only until Peng closes")), qPrintable(store.problem()));
        QVERIFY(!store.busy());
        // Kept for this session: what the window's next chat uses.
        QCOMPARE(store.cachedKey(QStringLiteral("127.0.0.1:8000")), kKey);
        QCOMPARE(loaded(store, kUrl), kKey);
        checkSettingsFileHasNoKey();

        // A new session has no key, and says why.
        RemoteKeyStore next(nullptr);
        QCOMPARE(loaded(next, kUrl), QString());
        QVERIFY2(next.problem().contains(QLatin1String("could not be read")), qPrintable(next.problem()));
    }
};

QTEST_GUILESS_MAIN(TestRemoteKeyStore)
#include "test_remote_key_store.moc"
