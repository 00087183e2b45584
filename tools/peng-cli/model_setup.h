#pragma once
// What every model-running command shares: the RAM/VRAM budget turned into a
// placement by the planner, the routing history, the I/O and lossy knobs.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "args.h"
#include "checkpoint/checkpoint.h"
#include "experts/usage_history.h"
#include "model/model.h"
#include "plan/planner.h"

namespace peng::cli {

extern const std::set<std::string> kModelOptions;  // --ram --vram (GB | auto) --cap --context --prefetch --topk --topp --history --io-threads
extern const std::set<std::string> kModelFlags;    // --buffered

struct ModelSetup {
    ModelOptions options;
    Plan plan;
    std::unique_ptr<UsageHistory> history;
    std::string history_path;   // empty: learning is off
};

// Plans placement from the flags; prints the planner's notes and history warnings to stderr.
ModelSetup setup_model(const std::string& dir, const Args& args, int prefill_block = 64);
void save_history(const ModelSetup& setup);
// Prints what the GPU tier holds (or why it is off) and, while it is on, the
// not-byte-identical label, to stderr.
void report_gpu(const Model& model);
std::set<std::string> with_model_options(std::set<std::string> own);
std::set<std::string> with_model_flags(std::set<std::string> own);

}  // namespace peng::cli
