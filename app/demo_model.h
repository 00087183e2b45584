#pragma once
// The built-in demo model: `make-model --preset demo` (Flash's 48 layers x 256
// experts at tiny widths, random weights), generated into the app data folder on
// first run so the app works before any real checkpoint is downloaded.
#include <QString>
#include <functional>

namespace DemoModel {

// <AppDataLocation>/models/demo
QString directory();
// True when a complete demo checkpoint is there (make-model commits atomically,
// so config.json present means the whole folder is).
bool exists(const QString& dir);
// Writes the checkpoint; `progress(fraction, line)` is called as shards are written.
// Throws peng::Error on failure, leaving no partial folder behind.
void generate(const QString& dir, const std::function<void(double, const QString&)>& progress);

}  // namespace DemoModel
