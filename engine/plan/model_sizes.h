#pragma once
// The sizes the planner needs, read from a checkpoint's headers before any weight
// is loaded: so a budget can be planned, and refused, without loading the model.
#include "checkpoint/checkpoint.h"
#include "plan/planner.h"

namespace peng {

ModelSizes measure_model_sizes(const Checkpoint& ckpt);

}  // namespace peng
