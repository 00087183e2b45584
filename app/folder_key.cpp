#include "folder_key.h"

#include <QCryptographicHash>
#include <QDir>

QString folder_key(const QString& dir) {
    return QString::fromLatin1(
        QCryptographicHash::hash(QDir::cleanPath(dir).toUtf8(), QCryptographicHash::Sha1).toHex().left(16));
}
