#pragma once
// The local server's API key, kept in a file of its own that only its owner can read
// (0600) in the app's config folder, not in QSettings: QSettings writes its file with
// the umask's permissions (commonly 0644), so other local users could read the key,
// and a system keyring (qtkeychain) needs a running Secret Service, which headless
// sessions and the tests do not have. The file holds the key on one line, the format
// `peng-cli serve --api-key-file` reads, so both can serve with the same key.
#include <QString>

class ServerKeyFile {
public:
    // `path` "" = <config folder>/server-api-key.
    explicit ServerKeyFile(QString path = {});

    QString path() const { return path_; }
    // The stored key, "" when there is none. Throws std::runtime_error naming the file
    // when it exists but breaks the key-file rule (api/secret_file.h).
    QString load() const;
    // Stores `key` ("" removes the file). Throws std::runtime_error naming the file.
    void save(const QString& key) const;

    // A new key from the system's CSPRNG: "peng-" and 48 hex digits (192 bits).
    static QString generate();
    // False when `key` holds anything but visible ASCII, which an Authorization header
    // cannot carry reliably (api/secret_file.h).
    static bool usable(const QString& key);

private:
    QString path_;
};
