#include "experts/expert_store.h"

#include <cstring>

#include "util/error.h"

namespace peng {

struct ExpertStore::Slot {
    int expert = -1;
    std::vector<uint8_t> bytes;
    std::vector<float> fp8_scales[3];  // FP8 experts: scale grids copied out for alignment
    ExpertWeights weights;
};

ExpertStore::ExpertStore(const Checkpoint& ckpt, ExpertFormat format, int cap_per_layer)
    : ckpt_(ckpt), format_(format), cap_(cap_per_layer) {
    const ModelConfig& c = ckpt.config();
    if (cap_ <= 0 || cap_ > c.n_routed_experts) cap_ = c.n_routed_experts;
    locations_.resize(c.num_layers);
    layers_.resize(c.num_layers);
    for (int layer = 0; layer < c.num_layers; ++layer) {
        if (!c.is_moe(layer)) continue;
        for (int e = 0; e < c.n_routed_experts; ++e) {
            locations_[layer].push_back(locate_expert(ckpt, format, layer, e));
            expert_bytes_ = locations_[layer].back().total_bytes;
        }
    }
}

ExpertStore::~ExpertStore() = default;

void ExpertStore::load(Slot& slot, int layer, int expert) {
    const ExpertLocation& loc = locations_[layer][expert];
    slot.expert = expert;
    slot.bytes.resize(loc.total_bytes);
    uint64_t at = 0;
    for (const auto& range : loc.ranges) {
        range.file->file().read_exact(range.offset, slot.bytes.data() + at, range.bytes);
        at += range.bytes;
    }
    stats_.bytes_read += loc.total_bytes;

    const ModelConfig& c = ckpt_.config();
    const int H = c.hidden_size, MI = c.moe_intermediate_size;
    const uint8_t* base = slot.bytes.data();
    auto view = [&](const char* name, int rows, int cols, int index) {
        MatrixView v;
        v.rows = rows;
        v.cols = cols;
        v.data = base + loc.part(std::string(name) + ".weight").buffer_offset;
        if (format_ == ExpertFormat::MXFP4) {
            v.format = WeightFormat::MXFP4;
            v.group_scales = base + loc.part(std::string(name) + ".weight_scale").buffer_offset;
        } else {
            v.format = WeightFormat::FP8Block;
            const ExpertPart& scale = loc.part(std::string(name) + ".weight_scale_inv");
            slot.fp8_scales[index].resize(scale.bytes / 4);
            std::memcpy(slot.fp8_scales[index].data(), base + scale.buffer_offset, scale.bytes);
            v.block_scales = slot.fp8_scales[index].data();
            v.scale_cols = (cols + 127) / 128;
        }
        return v;
    };
    slot.weights.gate = view("gate_proj", MI, H, 0);
    slot.weights.up = view("up_proj", MI, H, 1);
    slot.weights.down = view("down_proj", H, MI, 2);
}

ExpertTier ExpertStore::tier_of(int layer, int expert) const {
    return layers_[layer].by_expert.count(expert) ? ExpertTier::Slot : ExpertTier::Disk;
}

const ExpertWeights& ExpertStore::acquire(int layer, int expert) {
    if (layer < 0 || layer >= static_cast<int>(layers_.size()) || locations_[layer].empty() || expert < 0 ||
        expert >= static_cast<int>(locations_[layer].size()))
        throw Error("no routed expert " + std::to_string(expert) + " in layer " + std::to_string(layer));
    LayerCache& cache = layers_[layer];
    auto found = cache.by_expert.find(expert);
    if (found != cache.by_expert.end()) {
        ++stats_.hits;
        cache.lru.splice(cache.lru.begin(), cache.lru, found->second);
        return cache.lru.front()->weights;
    }
    ++stats_.misses;
    std::unique_ptr<Slot> slot;
    if (static_cast<int>(cache.lru.size()) >= cap_) {
        slot = std::move(cache.lru.back());
        cache.lru.pop_back();
        cache.by_expert.erase(slot->expert);
    } else {
        slot = std::make_unique<Slot>();
    }
    load(*slot, layer, expert);
    cache.lru.push_front(std::move(slot));
    cache.by_expert[expert] = cache.lru.begin();
    return cache.lru.front()->weights;
}

}  // namespace peng
