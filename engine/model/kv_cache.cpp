#include "model/kv_cache.h"

#include <algorithm>
#include <atomic>

namespace peng {

LayerKvCache::LayerKvCache(const AttentionShape& shape)
    : window_(shape.window), num_kv_heads_(shape.num_kv_heads), head_dim_(size_t(shape.head_dim)),
      v_head_dim_(size_t(shape.v_head_dim)) {
    if (window_) grow(size_t(window_));
}

void LayerKvCache::grow(size_t slots) {
    std::vector<float> keys(num_kv_heads_ * slots * head_dim_), values(num_kv_heads_ * slots * v_head_dim_);
    for (int h = 0; h < num_kv_heads_; ++h) {
        std::copy_n(keys_.begin() + h * capacity_ * head_dim_, capacity_ * head_dim_, keys.begin() + h * slots * head_dim_);
        std::copy_n(values_.begin() + h * capacity_ * v_head_dim_, capacity_ * v_head_dim_,
                    values.begin() + h * slots * v_head_dim_);
    }
    keys_.swap(keys);
    values_.swap(values);
    capacity_ = slots;
}

void LayerKvCache::append(int pos, const float* k, const float* v) {
    const size_t s = slot(pos);
    if (s >= capacity_) grow(std::max<size_t>({2 * capacity_, s + 1, 64}));  // doubling: amortized copies
    for (int h = 0; h < num_kv_heads_; ++h) {
        std::copy_n(k + h * head_dim_, head_dim_, keys_.begin() + (h * capacity_ + s) * head_dim_);
        std::copy_n(v + h * v_head_dim_, v_head_dim_, values_.begin() + (h * capacity_ + s) * v_head_dim_);
    }
}

void LayerKvCache::read(int pos, float* k, float* v) const {
    for (int h = 0; h < num_kv_heads_; ++h) {
        std::copy_n(key(pos, h), head_dim_, k + h * head_dim_);
        std::copy_n(value(pos, h), v_head_dim_, v + h * v_head_dim_);
    }
}

Session::Session(const ModelConfig& config) {
    static std::atomic<uint64_t> next_id{1};
    id = next_id++;
    for (int l = 0; l < config.num_layers; ++l) layers.emplace_back(config.attention(l));
}

}  // namespace peng
