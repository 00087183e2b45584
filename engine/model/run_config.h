#pragma once
// What one call asks of the model, fixed for that call and passed down to every
// forward() it makes. Nothing of it is kept in the Model or its scheduler, so one
// call's TOPK or prefetch choice never carries over into the next call.
#include "checkpoint/config.h"
#include "model/expert_trim.h"
#include "model/prefetch_mode.h"

namespace peng {

struct RunConfig {
    ExpertTrim trim;                              // lossy; off by default
    PrefetchMode prefetch = PrefetchMode::Auto;   // only the timing of reads, never the output
};

// Throws peng::Error naming the knob when `trim` is out of range for `config`.
void check_trim(const ExpertTrim& trim, const ModelConfig& config);

}  // namespace peng
