#include "api/tools.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "checkpoint/checkpoint.h"
#include "gen/model_writer.h"
#include "kv/kv_store.h"
#include "plan/model_sizes.h"
#include "platform/data_dir.h"

namespace peng {

void make_demo_model(const std::string& dir, const std::function<void(double, const std::string&)>& progress) {
    gen::MakeModelOptions options;  // the engine's built-in official V2.6 template
    options.preset = "demo";
    options.format = gen::CheckpointFormat::Mxfp4;
    options.out_dir = dir;
    gen::make_model(options, [&](double fraction, const std::string& line) {
        if (progress) progress(fraction, line);
    });
}

DiskReadResult measure_model_disk_read(const std::string& model_dir) {
    const Checkpoint ckpt(model_dir);
    const ModelSizes sizes = measure_model_sizes(ckpt);
    const std::vector<std::string> shards = ckpt.file_paths();
    // Expert-sized requests, as the engine reads them when an expert streams in.
    return measure_disk_read(shards, std::max<uint64_t>(sizes.expert_bytes, 1 << 20), 64, 4);
}

QualityResult measure_trim_cost(const std::string& dir, int expert_slots, const ExpertTrim& trim, int tokens,
                                const std::atomic<bool>* stop) {
    ModelOptions base;
    base.store.cap_per_layer = expert_slots;  // stay within the RAM the open model was planned for
    RunConfig run;
    run.trim = trim;
    return measure_trim_quality(dir, base, run, tokens, stop);
}

std::string kv_store_folder(const std::string& root, uint64_t model_fingerprint) {
    char name[24];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(model_fingerprint));
    return (root.empty() ? peng_data_dir() + "/kv" : root) + "/" + name;
}

int remove_kv_files(const std::string& root, const std::string& conversation) {
    namespace fs = std::filesystem;
    const fs::path base = root.empty() ? fs::path(peng_data_dir()) / "kv" : fs::path(root);
    std::error_code ec;
    int removed = 0;
    for (const auto& entry : fs::directory_iterator(base, ec)) {
        if (!entry.is_directory(ec)) continue;
        KvStore store(entry.path().string(), KvIdentity{}, 0);
        removed += conversation.empty() ? store.clear() : int(store.remove(conversation));
    }
    return removed;
}

}  // namespace peng
