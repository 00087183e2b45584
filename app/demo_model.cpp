#include "demo_model.h"

#include <QDir>
#include <QFileInfo>

#include "api/tools.h"
#include "api/trained_demo.h"
#include "app_folders.h"

namespace DemoModel {

// Looked up once: modelInfo() asks on every QML read, and the installation does not
// move while the app runs.
QString trainedDirectory() {
    static const QString dir = QString::fromStdString(peng::find_trained_demo().dir);
    return dir;
}

QString trainedMissingReason() {
    if (!trainedDirectory().isEmpty()) return {};
    try {
        peng::trained_demo_dir();
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
}

QString stressDirectory() {
    return AppFolders::data() + QStringLiteral("/models/demo");
}

bool stressExists(const QString& dir) { return QFileInfo::exists(dir + QStringLiteral("/config.json")); }

void generateStress(const QString& dir, const std::function<void(double, const QString&)>& progress) {
    QDir().mkpath(QFileInfo(dir).absolutePath());
    peng::make_demo_model(dir.toStdString(), [&](double fraction, const std::string& line) {
        if (progress) progress(fraction, QString::fromStdString(line));
    });
}

Kind kindOf(const QString& dir) {
    if (dir.isEmpty()) return Kind::None;
    const QFileInfo info(dir);
    if (info == QFileInfo(stressDirectory())) return Kind::Stress;
    const QString trained = trainedDirectory();
    if (!trained.isEmpty() && info == QFileInfo(trained)) return Kind::Trained;
    return Kind::None;
}

}  // namespace DemoModel
