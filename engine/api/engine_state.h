#pragma once
// What an open Engine holds (engine.cpp runs turns with it, engine_open.cpp builds it).
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "api/engine.h"
#include "kv/kv_memory.h"
#include "experts/usage_history.h"
#include "model/decode_scheduler.h"
#include "model/model.h"
#include "text/chat_template.h"
#include "text/tokenizer.h"

namespace peng {

struct Engine::State {
    LoadOptions options;
    ModelInfo info;
    std::unique_ptr<UsageHistory> history;        // before model: the model records into it
    std::unique_ptr<Model> model;
    // The lookahead and next-token guessing, hooked into the model: declared after it,
    // so it unhooks before the model goes.
    std::unique_ptr<DecodeScheduler> scheduler;
    std::optional<Tokenizer> tokenizer;
    std::optional<ChatTemplate> chat_template;
    std::string template_problem;                 // why there is no template
    std::set<int> stop_ids;
    std::unique_ptr<KvMemory> reuse;
};

}  // namespace peng
