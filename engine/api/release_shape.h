#pragma once
// The planner's inputs for a released MiMo-V2-Flash checkpoint that is not on disk yet,
// so a front end can say what a download would run like before fetching 170+ GB. They
// come from make-model's flash-shape preset at its full 48 layers (the real Flash
// dimensions, spec 2) laid out as the release lays it out; the engine knows no Pro
// shape from a preset, so there is none for Pro.
#include "api/model_info.h"

namespace peng {

// config and sizes filled (the rest of ModelInfo empty), for preview_plan. `mxfp4`:
// V2.6's MXFP4 experts; otherwise V2.5's FP8 ones.
ModelInfo flash_release_info(bool mxfp4);

}  // namespace peng
