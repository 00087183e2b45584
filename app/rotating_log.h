#pragma once
// A log file that never grows past a size cap: when the next line would pass it,
// peng.log becomes peng.log.1 (and .1 becomes .2, ...), keeping `files` files in all;
// the oldest goes. Lines are written and flushed one at a time, from any thread.
#include <QByteArray>
#include <QFile>
#include <QMutex>
#include <QString>
#include <QStringList>

class RotatingLog {
public:
    RotatingLog(const QString& path, qint64 max_bytes, int files);

    // Appends `line` (a newline is added). False when the file cannot be written;
    // error() says why.
    bool append(const QByteArray& line);
    QString path() const { return path_; }
    QString error() const;
    // The log's files that exist, oldest first (the current one last).
    QStringList files() const;
    // Up to `count` of the last lines, oldest first, across the files.
    QStringList lastLines(int count) const;

private:
    bool rotate();
    bool openCurrent();

    const QString path_;
    const qint64 max_bytes_;
    const int files_;
    mutable QMutex mutex_;
    QFile file_;
    QString error_;
};
