#include "file_check.h"

#include <QPointer>

#include "api/tools.h"

namespace {
QPointer<FileCheck> g_instance;
}

FileCheck* FileCheck::create(QQmlEngine*, QJSEngine* js) {
    if (!g_instance) g_instance = new FileCheck;
    js->setObjectOwnership(g_instance, QJSEngine::CppOwnership);
    return g_instance;
}
void FileCheck::setInstance(FileCheck* check) { g_instance = check; }

FileCheck::FileCheck(QObject* parent) : QObject(parent) {}

FileCheck::~FileCheck() {
    if (!thread_) return;
    cancel_ = true;  // stops between 4 MiB reads
    thread_->wait();
}

void FileCheck::verify(const QString& dir) { start(dir, false); }
void FileCheck::record(const QString& dir) { start(dir, true); }

void FileCheck::start(const QString& dir, bool record) {
    if (thread_) return;
    cancel_ = false;
    progress_ = 0;
    current_file_.clear();
    const std::string folder = dir.toStdString();
    thread_ = QThread::create([this, folder, record] {
        const auto on_progress = [this](uint64_t done, uint64_t total, const std::string& file) {
            const double fraction = total ? double(done) / double(total) : 1.0;
            QMetaObject::invokeMethod(this, [this, fraction, name = QString::fromStdString(file)] {
                onProgress(fraction, name);
            }, Qt::QueuedConnection);
        };
        Outcome outcome;
        try {
            if (record) {
                const auto files = peng::record_checksums(folder, on_progress);
                outcome.passed = true;
                outcome.text = tr("Recorded the SHA-256 of %n file(s) in %1.", nullptr, int(files.size()))
                                   .arg(QString::fromUtf8(peng::kChecksumFile));
            } else {
                const peng::VerifyReport report = peng::verify_checksums(folder, on_progress, &cancel_);
                for (const auto& f : report.files)
                    if (f.status != peng::ChecksumResult::Same)
                        outcome.changed << QStringLiteral("%1 (%2)").arg(QString::fromStdString(f.name),
                                                                         QString::fromUtf8(peng::status_name(f.status)));
                outcome.passed = report.all_same();
                if (report.cancelled)
                    outcome.text = tr("Verification stopped.");
                else if (outcome.passed)
                    outcome.text = tr("All %n file(s) are as recorded.", nullptr, int(report.files.size()));
                else
                    outcome.text = tr("%n file(s) differ from the record: answers from this folder cannot be trusted "
                                      "until they are downloaded again.",
                                      nullptr, int(outcome.changed.size()));
            }
        } catch (const std::exception& e) {
            outcome.text = QString::fromUtf8(e.what());
            outcome.no_record = !record && outcome.text.contains(QString::fromUtf8(peng::kChecksumFile));
        }
        QMetaObject::invokeMethod(this, [this, outcome] { onDone(outcome); }, Qt::QueuedConnection);
    });
    connect(thread_, &QThread::finished, this, [this] {
        thread_->deleteLater();
        thread_ = nullptr;
        emit changed();
        emit finished();
    });
    thread_->start(QThread::LowPriority);
    emit changed();
}

void FileCheck::onProgress(double fraction, const QString& file) {
    progress_ = fraction;
    current_file_ = file;
    emit progressChanged();
}

void FileCheck::onDone(const Outcome& outcome) {
    result_text_ = outcome.text;
    changed_files_ = outcome.changed;
    passed_ = outcome.passed;
    no_record_ = outcome.no_record;
    emit changed();
}
