#include "server_key_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <array>
#include <stdexcept>

#include "api/secret_file.h"
#include "app_folders.h"

namespace {
constexpr QFileDevice::Permissions kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

std::runtime_error file_error(const QString& what, const QFile& file) {
    return std::runtime_error(QStringLiteral("%1 %2: %3").arg(what, file.fileName(), file.errorString()).toStdString());
}
}  // namespace

ServerKeyFile::ServerKeyFile(QString path)
    : path_(path.isEmpty()
                ? AppFolders::config() + QStringLiteral("/server-api-key")
                : std::move(path)) {}

QString ServerKeyFile::load() const {
    QFile file(path_);
    if (!file.exists()) return {};
    // A file someone loosened is tightened again before the key is read.
    if (file.permissions() & ~(kOwnerOnly | QFileDevice::ReadUser | QFileDevice::WriteUser))
        file.setPermissions(kOwnerOnly);
    return QString::fromStdString(peng::read_secret_file(path_.toStdString(), "API key"));
}

void ServerKeyFile::save(const QString& key) const {
    QFile file(path_);
    if (key.isEmpty()) {
        if (file.exists() && !file.remove()) throw file_error(QStringLiteral("cannot remove the API key file"), file);
        return;
    }
    QDir().mkpath(QFileInfo(path_).absolutePath());
    // Created 0600, and an existing file made 0600, before the key is written into it.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate, kOwnerOnly) || !file.setPermissions(kOwnerOnly))
        throw file_error(QStringLiteral("cannot write the API key file"), file);
    const QByteArray line = key.toUtf8() + '\n';
    if (file.write(line) != line.size() || !file.flush())
        throw file_error(QStringLiteral("cannot write the API key file"), file);
}

QString ServerKeyFile::generate() {
    std::array<quint32, 6> words;
    QRandomGenerator::system()->fillRange(words.data(), words.size());
    QString key = QStringLiteral("peng-");
    for (quint32 w : words) key += QStringLiteral("%1").arg(w, 8, 16, QLatin1Char('0'));
    return key;
}

bool ServerKeyFile::usable(const QString& key) { return peng::usable_secret(key.toStdString()); }
