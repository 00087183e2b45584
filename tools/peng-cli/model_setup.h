#pragma once
// What every model-running command shares: the placement flags turned into the engine
// API's LoadOptions (the engine applies the one budget rule), and the per-call flags
// (sampling, answer length, the lossy trim, prefetch) into RunSettings.
#include <string>

#include "api/engine.h"
#include "api/placement.h"
#include "args.h"
#include "checkpoint/config.h"
#include "model/run_config.h"

namespace peng::cli {

// MODEL: a model folder, or the repository name `peng-cli download` stored it under.
void declare_model_word(Args& args);
// The placement flags every model command takes, with their defaults: --ram --vram
// --cap --cache-policy --context --prefetch --topk --topp --history --io-threads
// --buffered, and --kv-store where the command keeps conversations.
void declare_model_options(Args& args, bool kv_store = true);
// The answer flags of the commands that generate: --ngen (`default_tokens`) --temp
// --top-p --top-k --seed --threads.
void declare_sampling_options(Args& args, int default_tokens, double default_top_p);
// --threads N, the compute threads.
void declare_threads_option(Args& args);
// The model folder the one MODEL word names (model_folders.h); throws usage errors.
std::string model_dir(const Args& args);

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

}  // namespace peng::cli
