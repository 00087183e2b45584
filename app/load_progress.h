#pragma once
// The words the load progress bar shows for each step the engine reports.
#include <QString>

#include "api/engine_observer.h"

QString load_progress_line(const peng::LoadProgressInfo& progress);
