#pragma once
// Where the app keeps its files: the user's standard folders, or all of them under one
// DIR when --data-dir asks (DIR/data, DIR/config), so a scripted run leaves the user's
// files alone on every platform. QStandardPaths follows XDG variables on Linux only, and
// QSettings on Windows lives in the registry, so the move is made here, not by variables.
#include <QString>

namespace AppFolders {

// Before anything reads a folder or a setting.
void moveUnder(const QString& dir);

QString data();     // conversations, logs, crash reports, the demo model
QString config();   // the local server's API key

}  // namespace AppFolders
