#pragma once
// The app's log file: every Qt message (qCWarning(lcEngine) and the rest, Qt's own
// categories included) is written with its time, level and category to
// <data folder>/logs/peng.log, which rotates (rotating_log.h), and still goes to
// stderr as before.
#include <QString>
#include <QStringList>
#include <QtGlobal>

class RotatingLog;

class AppLog {
public:
    static constexpr qint64 kMaxBytes = 2 * 1024 * 1024;  // a file
    static constexpr int kFiles = 5;                      // peng.log and four older ones

    // <AppFolders::data()>/logs
    static QString defaultDirectory();
    // Sends Qt's messages to `directory`/peng.log from now on (again: to the new place).
    static void install(const QString& directory, qint64 max_bytes = kMaxBytes, int files = kFiles);
    // Back to the handler that was there before install().
    static void uninstall();
    // The log's path; "" before install().
    static QString path();
    // The log's files, oldest first.
    static QStringList files();
    // One line as the log writes it: "2026-12-02T09:19:04.123Z warning peng.app: text".
    static QString formatLine(QtMsgType type, const char* category, const QString& message);
    // Up to `count` of the latest warnings and errors in the log, oldest first.
    static QStringList lastProblems(int count);

private:
    static constexpr int kScanLines = 5000;   // how far back lastProblems looks
};
