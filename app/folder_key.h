#pragma once
// A QSettings key segment for a model folder: its cleaned path hashed, because a
// path's slashes would nest QSettings groups.
#include <QString>

QString folder_key(const QString& dir);
