#pragma once
// Routed experts read on demand into a per-layer LRU of `cap` slots (0 = all).
// The full VRAM / pinned / slot / disk hierarchy grows from this class; whatever
// tier serves an expert, the bytes the kernels see are the released bytes.
#include <cstdint>
#include <list>
#include <memory>
#include <unordered_map>
#include <vector>

#include "checkpoint/checkpoint.h"
#include "checkpoint/expert_locator.h"
#include "checkpoint/inventory.h"
#include "kernels/matrix.h"
#include "model/observer.h"

namespace peng {

struct ExpertWeights {
    MatrixView gate, up, down;
};

struct ExpertStats {
    uint64_t hits = 0;
    uint64_t misses = 0;
    uint64_t bytes_read = 0;
    double hit_rate() const { return hits + misses ? double(hits) / double(hits + misses) : 1.0; }
};

class ExpertStore {
public:
    ExpertStore(const Checkpoint& ckpt, ExpertFormat format, int cap_per_layer);
    ~ExpertStore();

    // The expert's weights, loaded into its layer's LRU if absent. The reference
    // stays valid until the next acquire() on the same layer.
    const ExpertWeights& acquire(int layer, int expert);
    // Where the expert lives now (before any acquire() that would load it).
    ExpertTier tier_of(int layer, int expert) const;
    const ExpertStats& stats() const { return stats_; }
    uint64_t expert_bytes() const { return expert_bytes_; }
    int cap() const { return cap_; }

private:
    struct Slot;
    struct LayerCache {
        std::list<std::unique_ptr<Slot>> lru;  // front = most recently used
        std::unordered_map<int, std::list<std::unique_ptr<Slot>>::iterator> by_expert;
    };

    void load(Slot& slot, int layer, int expert);

    const Checkpoint& ckpt_;
    ExpertFormat format_;
    int cap_;
    uint64_t expert_bytes_ = 0;
    std::vector<std::vector<ExpertLocation>> locations_;  // [layer][expert], empty for dense layers
    std::vector<LayerCache> layers_;
    ExpertStats stats_;
};

}  // namespace peng
