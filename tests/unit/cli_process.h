#pragma once
// Runs the real peng-cli (PENG_CLI_PATH) for end-to-end tests: its exit code (-1
// when it crashed or ran past two minutes) and what it wrote.
#include <QProcess>
#include <QStringList>

struct Result {
    int exit_code = -1;
    QString out, err;
};

inline Result cli(const QStringList& args) {
    QProcess p;
    p.start(PENG_CLI_PATH, args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
