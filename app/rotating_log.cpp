#include "rotating_log.h"

#include <QDir>
#include <QFileInfo>
#include <QMutexLocker>
#include <algorithm>

namespace {
QString numbered(const QString& path, int n) { return n == 0 ? path : path + QLatin1Char('.') + QString::number(n); }
}  // namespace

RotatingLog::RotatingLog(const QString& path, qint64 max_bytes, int files)
    : path_(path), max_bytes_(std::max<qint64>(1, max_bytes)), files_(std::max(1, files)) {}

QString RotatingLog::error() const {
    QMutexLocker lock(&mutex_);
    return error_;
}

bool RotatingLog::openCurrent() {
    if (file_.isOpen()) return true;
    QDir().mkpath(QFileInfo(path_).absolutePath());
    file_.setFileName(path_);
    if (file_.open(QIODevice::WriteOnly | QIODevice::Append)) return true;
    error_ = path_ + QStringLiteral(": ") + file_.errorString();
    return false;
}

bool RotatingLog::rotate() {
    file_.close();
    QFile::remove(numbered(path_, files_ - 1));
    for (int n = files_ - 2; n >= 0; --n)
        if (QFile::exists(numbered(path_, n)) && !QFile::rename(numbered(path_, n), numbered(path_, n + 1))) {
            error_ = numbered(path_, n) + QStringLiteral(": cannot rename it to rotate the log");
            QFile::remove(numbered(path_, n));   // the cap holds even then
        }
    return openCurrent();
}

bool RotatingLog::append(const QByteArray& line) {
    QMutexLocker lock(&mutex_);
    if (!openCurrent()) return false;
    const qint64 size = line.size() + 1;
    if (file_.size() > 0 && file_.size() + size > max_bytes_ && !rotate()) return false;
    if (file_.write(line + '\n') != size || !file_.flush()) {
        error_ = path_ + QStringLiteral(": ") + file_.errorString();
        return false;
    }
    return true;
}

QStringList RotatingLog::files() const {
    QStringList out;
    for (int n = files_ - 1; n >= 0; --n)
        if (QFile::exists(numbered(path_, n))) out << numbered(path_, n);
    return out;
}

QStringList RotatingLog::lastLines(int count) const {
    QMutexLocker lock(&mutex_);
    QStringList lines;
    // Newest file first, until enough lines are found.
    for (int n = 0; n < files_ && lines.size() < count; ++n) {
        QFile f(numbered(path_, n));
        if (!f.open(QIODevice::ReadOnly)) continue;
        QStringList here = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        lines = here + lines;
    }
    return lines.mid(std::max<qsizetype>(0, lines.size() - count));
}
