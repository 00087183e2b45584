#include "crash_reports.h"

#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QGuiApplication>
#include <QPointer>
#include <QUrl>

#include "app_folders.h"

namespace {

QPointer<CrashReports> g_instance;
const QString kSeen = QStringLiteral(".seen.txt");

// Newest first: the names carry the Unix time, so modification time orders them.
QFileInfoList reports(const QString& folder) {
    return QDir(folder).entryInfoList({QStringLiteral("crash-*.txt")}, QDir::Files, QDir::Time);
}

}  // namespace

CrashReports::CrashReports(const QString& folder, QObject* parent) : QObject(parent), folder_(folder) {
    const QFileInfoList all = reports(folder_);
    for (qsizetype i = kKeep; i < all.size(); ++i) QFile::remove(all[i].filePath());
    for (const QFileInfo& report : all.mid(0, kKeep))
        if (!report.fileName().endsWith(kSeen)) {
            pending_ = report.filePath();
            break;
        }
}

CrashReports* CrashReports::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new CrashReports(defaultFolder(), nullptr);
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}

void CrashReports::setInstance(CrashReports* reports) { g_instance = reports; }

QString CrashReports::defaultFolder() {
    return AppFolders::data() + QStringLiteral("/crashes");
}

QString CrashReports::pendingText() const {
    QFile file(pending_);
    if (pending_.isEmpty() || !file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

void CrashReports::copyPending() const { QGuiApplication::clipboard()->setText(pendingText()); }

void CrashReports::openFolder() const { QDesktopServices::openUrl(QUrl::fromLocalFile(folder_)); }

void CrashReports::dismiss() {
    if (pending_.isEmpty()) return;
    for (const QFileInfo& report : reports(folder_)) {
        const QString name = report.fileName();
        if (!name.endsWith(kSeen)) QFile::rename(report.filePath(), report.dir().filePath(name.chopped(4) + kSeen));
    }
    pending_.clear();
    emit changed();
}
