#pragma once
// The first check when a model is opened: is the path a folder that can hold a
// checkpoint at all? Answers in a sentence a user can act on, before the engine
// reports a missing file by its path.
#include <QString>

// Empty when `dir` is a readable folder with config.json and .safetensors files.
QString model_folder_problem(const QString& dir);
