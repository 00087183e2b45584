#include "gen/model_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "gen/config_files.h"
#include "gen/safetensors_writer.h"
#include "text/builtin_templates.h"
#include "gen/staged_directory.h"
#include "gen/tensor_plan.h"
#include "gen/tokenizer_synthesis.h"
#include "gen/weight_synthesis.h"
#include "io/checksum_manifest.h"
#include "util/error.h"
#include "util/seconds_since.h"

namespace peng::gen {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kAnnouncedTensorBytes = uint64_t(256) << 20;

void write_text(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw Error("cannot write " + path.string());
}

std::string megabytes(uint64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
    return buf;
}

// A real tokenizer may define more ids than the preset's embedding has rows: grow
// the rows to the next multiple of 128 above it, so a masked tail remains (spec 3).
void fit_vocab_to_tokenizer(ModelDims& dims, const TokenizerFiles& tok, const ProgressFn& progress) {
    if (tok.id_count < dims.vocab_size) return;
    const int grown = (tok.id_count / 128 + 1) * 128;
    progress(-1, "vocab_size " + std::to_string(dims.vocab_size) + " -> " + std::to_string(grown) + " to hold " +
             std::to_string(tok.id_count) + " tokenizer ids");
    dims.vocab_size = grown;
}

std::string index_json(const CheckpointPlan& plan, const ModelDims& dims, CheckpointFormat format) {
    nlohmann::ordered_json metadata;
    uint64_t total = 0;
    for (const auto& t : plan.tensors) total += t.byte_size();
    metadata["total_size"] = total;
    if (format == CheckpointFormat::Mxfp4) metadata["save_format"] = "mxfp4";
    metadata["tp_size"] = dims.num_key_value_heads;
    std::map<std::string, std::string> weight_map;  // sorted by name, as the release's index is
    for (const auto& t : plan.tensors) weight_map[t.name] = t.file;
    nlohmann::ordered_json j;
    j["metadata"] = metadata;
    j["weight_map"] = weight_map;
    return j.dump(2) + "\n";
}

std::string marker_json(const MakeModelOptions& o, const ModelDims& dims) {
    nlohmann::ordered_json j;
    j["generator"] = "peng-cli make-model";
    j["version"] = PENG_VERSION;
    j["preset"] = o.preset;
    j["format"] = format_name(o.format);
    j["seed"] = o.seed;
    j["layers"] = dims.num_hidden_layers;
    j["tokenizer"] = o.tokenizer_path.empty() ? "generated" : o.tokenizer_path;
    return j.dump(2) + "\n";
}

// Writes one shard: its tensors in string order of their names, as the release
// stores them (experts 10, 11, 8, 9; an expert's six tensors adjacent).
uint64_t write_shard(const fs::path& path, std::vector<const PlannedTensor*> tensors, WeightSynthesizer& synth,
                     const ProgressFn& progress) {
    std::sort(tensors.begin(), tensors.end(),
              [](const PlannedTensor* a, const PlannedTensor* b) { return a->name < b->name; });
    std::vector<SafetensorsEntry> entries;
    for (const auto* t : tensors) entries.push_back({t->name, dtype_name(t->dtype), t->shape, t->byte_size()});
    SafetensorsWriter writer(path.string(), std::move(entries), {{"format", "pt"}});
    for (const auto* t : tensors) {
        // Tensors of hundreds of MB take seconds each: say which one is being made.
        if (t->byte_size() >= kAnnouncedTensorBytes) progress(-1, "  " + t->name + "  " + megabytes(t->byte_size()));
        synth.write(*t, [&](const uint8_t* data, size_t size) { writer.append(data, size); });
    }
    writer.finish();
    return writer.file_size();
}

}  // namespace

MakeModelResult make_model(const MakeModelOptions& options, const ProgressFn& progress) {
    const auto start = Clock::now();
    ModelDims dims = make_preset(options.preset, options.layers);
    const bool v25 = options.format == CheckpointFormat::Fp8;
    const std::string chat_template = options.chat_template.empty()
                                          ? std::string(builtin_template(v25 ? "mimo-v2.5" : "mimo-v2.6"))
                                          : options.chat_template;

    TokenizerFiles tok = options.tokenizer_path.empty() ? synthesize_tokenizer(dims.tokenizer_style)
                                                        : load_tokenizer(options.tokenizer_path);
    fit_vocab_to_tokenizer(dims, tok, progress);
    const CheckpointPlan plan = plan_checkpoint(dims, options.format, tok.word_token_ids);

    StagedDirectory out(options.out_dir, options.force);
    const fs::path dir = out.staging();
    progress(0, "writing " + options.preset + " (" + format_name(options.format) + ", " +
             std::to_string(dims.num_hidden_layers) + " layers, " + std::to_string(dims.n_routed_experts) +
             " experts, seed " + std::to_string(options.seed) + ") to " + out.target().string());

    write_text(dir / "config.json", make_config_json(dims, options.format, tok));
    write_text(dir / "generation_config.json", make_generation_config_json(options.format, tok));
    write_text(dir / "tokenizer.json", tok.tokenizer_json);
    // V2.5 carries its template inside tokenizer_config.json as well as beside it.
    write_text(dir / "tokenizer_config.json",
               tok.tokenizer_config_json.empty() ? make_tokenizer_config(tok, v25 ? chat_template : "")
                                                 : tok.tokenizer_config_json);
    write_text(dir / "chat_template.jinja", chat_template);
    write_text(dir / "model.safetensors.index.json", index_json(plan, dims, options.format));

    std::map<std::string, std::vector<const PlannedTensor*>> by_file;
    for (const auto& t : plan.tensors) by_file[t.file].push_back(&t);
    uint64_t planned = 0, written = 0;
    for (const auto& t : plan.tensors) planned += t.byte_size();

    WeightSynthesizer synth(options.seed);
    for (size_t i = 0; i < plan.files.size(); ++i) {
        const std::string& file = plan.files[i];
        const uint64_t size = write_shard(dir / file, by_file[file], synth, progress);
        written += size;
        char line[256];
        std::snprintf(line, sizeof line, "[%zu/%zu] %s  %s  (%.0f%% of %s, %.1f s)", i + 1, plan.files.size(),
                      file.c_str(), megabytes(size).c_str(), 100.0 * std::min<uint64_t>(written, planned) / planned,
                      megabytes(planned).c_str(), seconds_since(start));
        progress(double(std::min<uint64_t>(written, planned)) / double(planned), line);
    }
    write_text(dir / kMakeModelMarker, marker_json(options, dims));
    progress(-1, "recording the SHA-256 of every file in " + std::string(kChecksumFile));
    record_checksums(dir.string());
    out.commit();

    MakeModelResult result;
    result.dir = out.target().string();
    for (const auto& entry : fs::directory_iterator(result.dir)) {
        ++result.files;
        result.total_bytes += entry.file_size();
    }
    result.seconds = seconds_since(start);
    return result;
}

}  // namespace peng::gen
