#include "kv/kv_session.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "util/error.h"

namespace peng {

LayerKvCache::LayerKvCache(const AttentionShape& shape, int rollback)
    : window_(shape.window), ring_(shape.window ? shape.window + rollback : 0), num_kv_heads_(shape.num_kv_heads),
      head_dim_(size_t(shape.head_dim)), v_head_dim_(size_t(shape.v_head_dim)) {
    if (ring_) grow(size_t(ring_));
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

Session::Session(const ModelConfig& config, int rollback) : rollback_(rollback) {
    if (rollback < 0) throw Error("a session's rollback must not be negative");
    static std::atomic<uint64_t> next_id{1};
    id = next_id++;
    for (int l = 0; l < config.num_layers; ++l) layers.emplace_back(config.attention(l), rollback);
}

int Session::earliest_truncation() const {
    // A ring of R slots holds [length - R, length); attention at a new length n reads
    // [n - window, n), so n may go down to length - (R - window) = length - rollback,
    // or to 0 while the ring has not wrapped yet.
    for (const LayerKvCache& layer : layers)
        if (layer.ring_slots() && length > layer.ring_slots()) return length - rollback_;
    return 0;
}

void Session::truncate(int new_length) {
    if (new_length < earliest_truncation() || new_length > length)
        throw Error("the KV cache holds " + std::to_string(length) + " positions and can go back to " +
                    std::to_string(earliest_truncation()) + " at the earliest, not " + std::to_string(new_length));
    length = new_length;  // the slots past it are overwritten as positions arrive again
}

}  // namespace peng
