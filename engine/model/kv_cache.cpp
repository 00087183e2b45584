#include "model/kv_cache.h"

#include <algorithm>
#include <atomic>

namespace peng {

LayerKvCache::LayerKvCache(const AttentionShape& shape)
    : window_(shape.window), head_dim_(shape.head_dim), v_head_dim_(shape.v_head_dim),
      k_stride_(static_cast<size_t>(shape.num_kv_heads) * shape.head_dim),
      v_stride_(static_cast<size_t>(shape.num_kv_heads) * shape.v_head_dim) {
    if (window_) {
        keys_.resize(k_stride_ * window_);
        values_.resize(v_stride_ * window_);
    }
}

void LayerKvCache::append(int pos, const float* k, const float* v) {
    const size_t s = slot(pos);
    if (!window_ && keys_.size() < (s + 1) * k_stride_) {
        keys_.resize((s + 1) * k_stride_);
        values_.resize((s + 1) * v_stride_);
    }
    std::copy(k, k + k_stride_, keys_.begin() + s * k_stride_);
    std::copy(v, v + v_stride_, values_.begin() + s * v_stride_);
}

Session::Session(const ModelConfig& config) {
    static std::atomic<uint64_t> next_id{1};
    id = next_id++;
    for (int l = 0; l < config.num_layers; ++l) layers.emplace_back(config.attention(l));
}

}  // namespace peng
