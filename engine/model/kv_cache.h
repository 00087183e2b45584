#pragma once
// Per-session attention state. Full-attention layers keep every position;
// sliding-window layers keep a ring of `window` positions (slot = p mod window).
// Keys are stored already rotated; values already multiplied by the value scale.
#include <cstdint>
#include <vector>

#include "checkpoint/config.h"

namespace peng {

class LayerKvCache {
public:
    LayerKvCache(const AttentionShape& shape);
    // Stores position `pos` (positions arrive in order).
    void append(int pos, const float* k, const float* v);
    const float* key(int pos, int kv_head) const { return &keys_[slot(pos) * k_stride_ + kv_head * head_dim_]; }
    const float* value(int pos, int kv_head) const { return &values_[slot(pos) * v_stride_ + kv_head * v_head_dim_]; }
    // Oldest position still held, given the newest.
    int first_visible(int newest) const { return window_ ? (newest - window_ + 1 > 0 ? newest - window_ + 1 : 0) : 0; }
    size_t bytes() const { return (keys_.capacity() + values_.capacity()) * sizeof(float); }

private:
    size_t slot(int pos) const { return window_ ? static_cast<size_t>(pos % window_) : static_cast<size_t>(pos); }
    int window_, head_dim_, v_head_dim_;
    size_t k_stride_, v_stride_;
    std::vector<float> keys_, values_;
};

struct Session {
    std::vector<LayerKvCache> layers;
    int length = 0;  // positions already processed
    uint64_t id;     // unique per constructed session, so a new one at an old address differs

    explicit Session(const ModelConfig& config);
};

}  // namespace peng
