#pragma once
// The two built-in demo models. The trained demo (issue 25) is a small MiMo-V2 that
// learnt word meanings and sayings; it ships with Peng, read-only, and is what a first
// run opens. The Flash-shape stress demo is `make-model --preset demo` (Flash's 48
// layers x 256 experts, random weights), generated into the app data folder on request,
// for the full-scale streaming picture.
#include <QString>
#include <functional>

namespace DemoModel {

enum class Kind { None, Trained, Stress };

// Where the shipped trained demo is (api/trained_demo.h); empty when it is missing.
QString trainedDirectory();
// Why the trained demo cannot be opened (every place searched); empty when it can.
QString trainedMissingReason();

// <AppDataLocation>/models/demo
QString stressDirectory();
// True when a complete stress demo is there (make-model commits atomically,
// so config.json present means the whole folder is).
bool stressExists(const QString& dir);
// Writes the stress demo; `progress(fraction, line)` is called as shards are written.
// Throws peng::Error on failure, leaving no partial folder behind.
void generateStress(const QString& dir, const std::function<void(double, const QString&)>& progress);

// Which demo, if any, `dir` is.
Kind kindOf(const QString& dir);

}  // namespace DemoModel
