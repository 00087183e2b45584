#include "demo_model.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "gen/model_writer.h"
#include "util/error.h"

namespace DemoModel {

QString directory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/models/demo");
}

bool exists(const QString& dir) { return QFileInfo::exists(dir + QStringLiteral("/config.json")); }

void generate(const QString& dir, const std::function<void(double, const QString&)>& progress) {
    QDir().mkpath(QFileInfo(dir).absolutePath());
    peng::gen::MakeModelOptions options;  // the engine's built-in official V2.6 template
    options.preset = "demo";
    options.format = peng::gen::CheckpointFormat::Mxfp4;
    options.out_dir = dir.toStdString();
    peng::gen::make_model(options, [&](double fraction, const std::string& line) {
        if (progress) progress(fraction, QString::fromStdString(line));
    });
}

}  // namespace DemoModel
