#pragma once
// "Verify files": re-hashes the open model's files against the SHA-256 Peng
// recorded when it generated, packed or downloaded them (SHA256SUMS), on a thread
// of its own, and names every file that changed. A folder without a record can
// have one made from its files as they are now.
#include <QObject>
#include <QQmlEngine>
#include <QStringList>
#include <QThread>
#include <QtQml/qqmlregistration.h>

#include <atomic>

class FileCheck : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(bool running READ running NOTIFY changed)
    Q_PROPERTY(double progress READ progress NOTIFY progressChanged)
    Q_PROPERTY(QString currentFile READ currentFile NOTIFY progressChanged)
    // What the last check found, in a sentence, and the files that differ.
    Q_PROPERTY(QString resultText READ resultText NOTIFY changed)
    Q_PROPERTY(QStringList changedFiles READ changedFiles NOTIFY changed)
    Q_PROPERTY(bool passed READ passed NOTIFY changed)
    // The last check failed because the folder has no SHA256SUMS.
    Q_PROPERTY(bool noRecord READ noRecord NOTIFY changed)

public:
    explicit FileCheck(QObject* parent = nullptr);
    ~FileCheck() override;
    static FileCheck* create(QQmlEngine*, QJSEngine*);
    static void setInstance(FileCheck* check);

    bool running() const { return thread_ != nullptr; }
    double progress() const { return progress_; }
    QString currentFile() const { return current_file_; }
    QString resultText() const { return result_text_; }
    QStringList changedFiles() const { return changed_files_; }
    bool passed() const { return passed_; }
    bool noRecord() const { return no_record_; }

    Q_INVOKABLE void verify(const QString& dir);
    // Records the SHA-256 of the folder's files as they are now.
    Q_INVOKABLE void record(const QString& dir);
    Q_INVOKABLE void cancel() { cancel_ = true; }

signals:
    void changed();
    void progressChanged();
    void finished();

private:
    struct Outcome {
        QString text;
        QStringList changed;
        bool passed = false;
        bool no_record = false;
    };
    void start(const QString& dir, bool record);
    void onProgress(double fraction, const QString& file);
    void onDone(const Outcome& outcome);

    QThread* thread_ = nullptr;
    std::atomic<bool> cancel_{false};
    double progress_ = 0;
    QString current_file_, result_text_;
    QStringList changed_files_;
    bool passed_ = false, no_record_ = false;
};
