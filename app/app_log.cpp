#include "app_log.h"

#include <QDateTime>
#include <QDir>
#include <QMutex>
#include <algorithm>
#include <cstdio>
#include <memory>

#include "app_folders.h"
#include "rotating_log.h"

namespace {

QMutex g_mutex;                         // guards the two below against install/uninstall
std::unique_ptr<RotatingLog> g_log;
QtMessageHandler g_previous = nullptr;
bool g_write_failed_said = false;

const char* level_name(QtMsgType type) {
    switch (type) {
        case QtDebugMsg: return "debug";
        case QtInfoMsg: return "info";
        case QtWarningMsg: return "warning";
        case QtCriticalMsg: return "critical";
        case QtFatalMsg: return "fatal";
    }
    return "?";
}

void handle(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    QtMessageHandler previous = nullptr;
    {
        QMutexLocker lock(&g_mutex);
        previous = g_previous;
        if (g_log && !g_log->append(AppLog::formatLine(type, context.category, message).toUtf8()) &&
            !g_write_failed_said) {
            g_write_failed_said = true;   // said once, on stderr: a message here would come back
            std::fprintf(stderr, "peng: the log file cannot be written: %s\n", qPrintable(g_log->error()));
        }
    }
    if (previous) previous(type, context, message);
}

}  // namespace

QString AppLog::defaultDirectory() {
    return AppFolders::data() + QStringLiteral("/logs");
}

void AppLog::install(const QString& directory, qint64 max_bytes, int files) {
    QMutexLocker lock(&g_mutex);
    g_log = std::make_unique<RotatingLog>(QDir(directory).filePath(QStringLiteral("peng.log")), max_bytes, files);
    g_write_failed_said = false;
    if (!g_previous) g_previous = qInstallMessageHandler(handle);
}

void AppLog::uninstall() {
    QMutexLocker lock(&g_mutex);
    if (g_previous) qInstallMessageHandler(g_previous);
    g_previous = nullptr;
    g_log.reset();
}

QString AppLog::path() {
    QMutexLocker lock(&g_mutex);
    return g_log ? g_log->path() : QString();
}

QStringList AppLog::files() {
    QMutexLocker lock(&g_mutex);
    return g_log ? g_log->files() : QStringList();
}

QString AppLog::formatLine(QtMsgType type, const char* category, const QString& message) {
    QString text = message;
    text.replace(QLatin1Char('\n'), QStringLiteral(" | "));   // one message, one line
    return QStringLiteral("%1 %2 %3: %4")
        .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs), QLatin1String(level_name(type)),
             QLatin1String(category && *category ? category : "default"), text);
}

QStringList AppLog::lastProblems(int count) {
    QStringList lines;
    {
        QMutexLocker lock(&g_mutex);
        if (!g_log) return {};
        lines = g_log->lastLines(kScanLines);
    }
    QStringList problems;
    for (const QString& line : lines) {
        const QString level = line.section(QLatin1Char(' '), 1, 1);
        if (level == QLatin1String("warning") || level == QLatin1String("critical") || level == QLatin1String("fatal"))
            problems << line;
    }
    return problems.mid(std::max<qsizetype>(0, problems.size() - count));
}
