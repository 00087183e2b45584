#include "app_folders.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

namespace {

QString g_root;   // empty: the user's standard folders

QString underRoot(const char* kind) {
    return g_root + QLatin1Char('/') + QLatin1String(kind) + QLatin1Char('/') + QCoreApplication::organizationName() +
           QLatin1Char('/') + QCoreApplication::applicationName();
}

}  // namespace

namespace AppFolders {

void moveUnder(const QString& dir) {
    g_root = QDir(dir).absolutePath();
    // The engine's own files (KV cache, routing counts) follow these variables.
#ifdef _WIN32
    qputenv("LOCALAPPDATA", QDir::toNativeSeparators(g_root + QStringLiteral("/data")).toLocal8Bit());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, g_root + QStringLiteral("/config"));
#else
    qputenv("XDG_DATA_HOME", QFile::encodeName(g_root + QStringLiteral("/data")));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(g_root + QStringLiteral("/config")));   // QSettings' file
#endif
}

QString data() {
    return g_root.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) : underRoot("data");
}

QString config() {
    return g_root.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) : underRoot("config");
}

}  // namespace AppFolders
