#pragma once
// How often the router picked each (layer, expert), learned across runs of one
// model. It decides which experts are pinned at start-up. The file is written
// atomically; a corrupt file or one from another model is ignored with a warning.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/config.h"

namespace peng {

class UsageHistory {
public:
    UsageHistory(int layers, int experts, uint64_t model_fingerprint);

    void record(int layer, int expert, uint64_t times = 1);
    uint64_t count(int layer, int expert) const { return counts_[size_t(layer) * experts_ + expert]; }
    uint64_t total() const { return total_; }
    int layers() const { return layers_; }
    int experts() const { return experts_; }

    // (layer, expert) pairs, most used first; ties broken by position for stability.
    std::vector<std::pair<int, int>> hottest() const;

    // Saves atomically (io/atomic_write.h). Creates the folder only for the default
    // path; throws peng::Error naming `path` when it cannot be saved.
    void save(const std::string& path) const;
    // Merges the counts stored at `path`. Returns false, with `warning` set, when the
    // file is missing, corrupt, or belongs to another model; the history is unchanged then.
    bool load(const std::string& path, std::string& warning);

private:
    int layers_, experts_;
    uint64_t fingerprint_;
    std::vector<uint64_t> counts_;
    uint64_t total_ = 0;
};

// A model's history, with the counts stored at `path` merged in (an empty `path` is
// set to the default place). `warning` is set only when an existing file was ignored.
std::unique_ptr<UsageHistory> open_history(const std::string& model_dir, const ModelConfig& config,
                                           std::string& path, std::string& warning);

// Identifies a model by its architecture, the name and size of every shard, and its
// contents: the SHA256SUMS manifest where there is one, else each shard's write time.
uint64_t model_fingerprint(const std::string& model_dir);
// Default place for a model's history: $XDG_DATA_HOME/peng/usage/<fingerprint>.bin
std::string default_history_path(uint64_t fingerprint);

}  // namespace peng
