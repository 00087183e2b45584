#pragma once
// Per-session attention state. Full-attention layers keep every position;
// sliding-window layers keep a ring of `window + rollback` positions (slot = p mod
// ring): attention reads the last `window` of them, and the `rollback` extra slots
// keep the positions a Session::truncate() of up to that many positions needs again
// (a rejected speculative draft). Keys are stored already rotated; values already
// multiplied by the value scale.
#include <cstdint>
#include <vector>

#include "checkpoint/config.h"

namespace peng {

class LayerKvCache {
public:
    LayerKvCache(const AttentionShape& shape, int rollback);
    // Stores position `pos` (positions arrive in order).
    void append(int pos, const float* k, const float* v);
    // Copies out what append() stored for `pos`: keys of every KV head in head order
    // (num_kv_heads * head_dim floats), values likewise. The position must be held.
    void read(int pos, float* k, float* v) const;
    int window() const { return window_; }  // 0 for a full-attention layer
    int ring_slots() const { return ring_; }  // window + rollback; 0 for a full-attention layer
    const float* key(int pos, int kv_head) const { return &keys_[(kv_head * capacity_ + slot(pos)) * head_dim_]; }
    const float* value(int pos, int kv_head) const { return &values_[(kv_head * capacity_ + slot(pos)) * v_head_dim_]; }
    // Floats from one KV head's keys (values) to the next: the cache is head-major,
    // so attention reads each KV head's positions as one sequential stream (with the
    // heads of a position side by side, it read 768 of every 3072 bytes, about 2/3 as
    // fast on the machine this was measured on).
    size_t key_head_stride() const { return capacity_ * head_dim_; }
    size_t value_head_stride() const { return capacity_ * v_head_dim_; }
    // Oldest position still held, given the newest.
    int first_visible(int newest) const { return window_ ? (newest - window_ + 1 > 0 ? newest - window_ + 1 : 0) : 0; }
    size_t bytes() const { return (keys_.capacity() + values_.capacity()) * sizeof(float); }

private:
    size_t slot(int pos) const { return ring_ ? static_cast<size_t>(pos % ring_) : static_cast<size_t>(pos); }
    void grow(size_t slots);  // keeps what is stored, head by head
    int window_, ring_, num_kv_heads_;
    size_t head_dim_, v_head_dim_;
    size_t capacity_ = 0;  // slots per KV head
    std::vector<float> keys_, values_;
};

struct Session {
    std::vector<LayerKvCache> layers;
    int length = 0;  // positions already processed
    uint64_t id;     // unique per constructed session, so a new one at an old address differs

    // `rollback`: how many of the newest positions truncate() can always take back.
    explicit Session(const ModelConfig& config, int rollback = 0);
    int rollback() const { return rollback_; }
    // The shortest length truncate() accepts now: `rollback` positions back, or 0 while
    // every sliding-window ring still holds position 0 (or the model has none).
    int earliest_truncation() const;
    // Forgets positions [new_length, length): the next forward() continues at
    // new_length, and its logits are the bytes of a session that never held them.
    // Throws peng::Error, changing nothing, outside [earliest_truncation(), length].
    void truncate(int new_length);

private:
    int rollback_ = 0;
};

}  // namespace peng
