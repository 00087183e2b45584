#pragma once
// The one rule from a front end's budgets to a placement, written once: the RAM
// budget (or measured free memory) goes to the planner (dense, KV, runtime, the prefix
// cache, expert slots, the pins the routing history earned); a VRAM budget or "auto"
// asks for the GPU tier where a usable device exists. Engine::open runs it, and so do
// the tools that need a model without a conversation (peng-cli logits, quality, plan).
#include <memory>
#include <string>
#include <vector>

#include "api/model_info.h"
#include "api/settings.h"
#include "experts/usage_history.h"
#include "model/model.h"

namespace peng {

struct Placement {
    Plan plan;
    ModelConfig config;
    ModelSizes sizes;
    std::unique_ptr<UsageHistory> history;   // null when learning is off
    std::string history_path;
    ModelOptions model;                      // slots, GPU tier, I/O; pins are in plan.pins
};

// Throws peng::Error when the options or the budget cannot work. Whatever the user
// should hear (an ignored history file, the GPU tier unavailable) goes to `notes`.
Placement place_model(const LoadOptions& options, std::vector<std::string>& notes);

}  // namespace peng
