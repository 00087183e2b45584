#include "model_folder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace {
// The translation context lupdate files these sentences under.
struct ModelFolder {
    Q_DECLARE_TR_FUNCTIONS(ModelFolder)
};
}  // namespace

QString model_folder_problem(const QString& dir) {
    if (dir.trimmed().isEmpty()) return ModelFolder::tr("No folder was chosen.");
    const QFileInfo info(dir);
    if (!info.exists()) return ModelFolder::tr("%1 does not exist.").arg(dir);
    const QString hint = ModelFolder::tr("Choose the folder that holds config.json and the .safetensors shards.");
    if (!info.isDir()) return ModelFolder::tr("%1 is a file, not a folder.").arg(dir) + QLatin1Char(' ') + hint;
    if (!info.isReadable()) return ModelFolder::tr("%1 cannot be read (permissions).").arg(dir);
    if (!QFileInfo::exists(dir + QStringLiteral("/config.json")))
        return ModelFolder::tr("%1 has no config.json, so it is not a model checkpoint.").arg(dir) + QLatin1Char(' ') + hint;
    if (QDir(dir).entryList({QStringLiteral("*.safetensors")}, QDir::Files).isEmpty())
        return ModelFolder::tr("%1 has a config.json but no .safetensors files: the download may be incomplete.").arg(dir);
    return {};
}
