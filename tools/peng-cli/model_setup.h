#pragma once
// What every model-running command shares: the placement flags turned into the engine
// API's LoadOptions (the engine applies the one budget rule), and the per-call flags
// (sampling, answer length, the lossy trim, prefetch) into RunSettings.
#include <set>
#include <string>

#include "api/engine.h"
#include "api/placement.h"
#include "args.h"
#include "checkpoint/config.h"
#include "model/run_config.h"

namespace peng::cli {

// --ram --vram (GB | auto) --cap --cache-policy --context --prefetch --topk --topp --history --io-threads --kv-store
extern const std::set<std::string> kModelOptions;
extern const std::set<std::string> kModelFlags;    // --buffered

LoadOptions load_options(const std::string& dir, const Args& args, int prefill_block = 64);
// --temp --top-p --top-k --seed --ngen --topk --topp --prefetch --threads, with the
// model's generation_config.json values (else the given ones) as defaults.
RunSettings run_settings(const Args& args, const GenerationConfig& generation, int default_tokens,
                         double default_top_p);
// The placement alone, for commands that run the model without a conversation (their
// forward() calls take run_config()). Notes go to stderr.
Placement place(const std::string& dir, const Args& args, int prefill_block = 64);
// --topk --topp --prefetch: what each forward() of such a command runs with.
RunConfig run_config(const Args& args);

// For those commands: what the GPU tier holds (or why it is off) and its label, to
// stderr; and the routing learnt, saved (a failure is a warning).
void report_gpu(const Model& model);
void save_history(const Placement& placement);

// Prints the engine's notes to stderr, prefixed "note: ".
struct StderrNotes : EngineObserver {
    void on_note(const std::string& text) override;
};

std::set<std::string> with_model_options(std::set<std::string> own);
std::set<std::string> with_model_flags(std::set<std::string> own);

}  // namespace peng::cli
