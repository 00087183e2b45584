#pragma once
// make-model: writes a complete MiMo-V2 checkpoint directory in the release
// layout (spec 4) from a preset: shards, index, configs, tokenizer, template.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gen/preset.h"

namespace peng::gen {

struct MakeModelOptions {
    std::string preset;
    CheckpointFormat format = CheckpointFormat::Mxfp4;
    std::string out_dir;
    uint64_t seed = 0;
    std::optional<int> layers;
    std::string tokenizer_path;  // a real tokenizer.json; empty = generate one
    std::string chat_template;   // written as chat_template.jinja; empty = the built-in V2.6 / V2.5 template
    bool force = false;          // replace a non-empty directory make-model did not write
};

struct MakeModelResult {
    std::string dir;
    int files = 0;             // files in the directory
    uint64_t total_bytes = 0;  // every file's size
    double seconds = 0;
};

// Progress: the fraction of bytes written so far (negative for a note that is not a
// step), and one line meant for a log or stderr.
using ProgressFn = std::function<void(double fraction, const std::string& line)>;

// Throws peng::Error on bad options or I/O failure; the destination is then untouched.
MakeModelResult make_model(const MakeModelOptions& options, const ProgressFn& progress);

}  // namespace peng::gen
