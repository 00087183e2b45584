#pragma once
// `peng-cli serve` on the tiny fixture, on a free loopback port, started and stopped
// by a test (needs PENG_CLI_PATH and PENG_FIXTURE_DIR); its URL and model name come
// from its first line of output.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class PengServer {
public:
    static constexpr int kStartMs = 60000;
    ~PengServer() { stop(); }
    bool start(const QStringList& extra = {}) {
        process_.start(QStringLiteral(PENG_CLI_PATH),
                       QStringList{QStringLiteral("serve"), QStringLiteral(PENG_FIXTURE_DIR "/tiny-mxfp4"),
                                   QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--kv-store"),
                                   QStringLiteral("none"), QStringLiteral("--history"), QStringLiteral("none")} +
                           extra);
        if (!process_.waitForStarted(10000)) return false;
        if (!QTest::qWaitFor([this] { return process_.canReadLine() || process_.state() != QProcess::Running; }, kStartMs))
            return false;
        const QString line = QString::fromUtf8(process_.readLine());
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("^Peng serves (\\S+) at (http://127\\.0\\.0\\.1:\\d+/v1) ")).match(line);
        if (!m.hasMatch()) {
            qWarning("peng-cli serve said: %s %s", qPrintable(line), process_.readAllStandardError().constData());
            return false;
        }
        model = m.captured(1);
        url = m.captured(2);
        return true;
    }
    // Started with --api-key-file: requests must carry `key`.
    bool startWithKey(const QByteArray& key) {
        QFile file(key_dir_.filePath(QStringLiteral("key")));
        if (!key_dir_.isValid() || !file.open(QIODevice::WriteOnly) || file.write(key + '\n') < 0) return false;
        file.close();
        return start({QStringLiteral("--api-key-file"), file.fileName()});
    }
    void kill() {
        process_.kill();   // SIGKILL: no goodbye to the client
        process_.waitForFinished(10000);
    }
    void stop() {
        if (process_.state() == QProcess::NotRunning) return;
        process_.terminate();
        if (!process_.waitForFinished(10000)) kill();
    }
    QString model, url;

private:
    QProcess process_;
    QTemporaryDir key_dir_;
};
