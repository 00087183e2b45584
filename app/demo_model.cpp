#include "demo_model.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "api/tools.h"

namespace DemoModel {

QString directory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/models/demo");
}

bool exists(const QString& dir) { return QFileInfo::exists(dir + QStringLiteral("/config.json")); }

void generate(const QString& dir, const std::function<void(double, const QString&)>& progress) {
    QDir().mkpath(QFileInfo(dir).absolutePath());
    peng::make_demo_model(dir.toStdString(), [&](double fraction, const std::string& line) {
        if (progress) progress(fraction, QString::fromStdString(line));
    });
}

}  // namespace DemoModel
