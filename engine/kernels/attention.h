#pragma once
// Decode attention: one query position over the cached keys, all query heads at
// once, grouped by KV head so each cached K/V row is read once for every query head
// sharing it. Chunked with a fixed chunk size and merged in chunk order (the order is
// in kernels/lane_order.h), so the bytes depend on neither threads nor path.
#include <cstddef>

#include "kernels/kernel_isa.h"

namespace peng {

// A layer's K/V cache as the kernel reads it: position p lives in slot p % ring_slots
// (slot p when ring_slots is 0); slot s holds KV head h's key at
// keys + h * key_head_stride + s * key_stride, and its value likewise. Head strides
// of 0 mean head_dim (v_head_dim): a slot's heads side by side. The engine's cache
// is head-major instead (key_stride = head_dim), so that each KV head's keys are one
// sequential read (kv/kv_session.h).
struct KvCacheView {
    const float* keys = nullptr;
    const float* values = nullptr;
    size_t key_stride = 0, value_stride = 0;  // floats from one slot to the next
    int ring_slots = 0;  // a sliding-window layer's ring (its window, or more: kv_session.h); 0 = full
    size_t key_head_stride = 0, value_head_stride = 0;  // floats from one KV head to the next
};

struct AttentionDims {
    int num_heads = 0, num_kv_heads = 0, head_dim = 0, v_head_dim = 0;
};

// Query head h attends over positions [first, last] of KV head h / (num_heads /
// num_kv_heads). q is [num_heads x head_dim]; out is [num_heads x v_head_dim].
// score = (q . k) * scale; `sink` (one logit per query head, or null) joins the
// softmax denominator only. Softmax and sums are f32.
void decode_attention(const AttentionDims& dims, const float* q, const KvCacheView& kv, int first, int last,
                      const float* sink, float scale, float* out);

// The same on a chosen path (tests and benchmarks); `isa` must be supported.
void decode_attention(const AttentionDims& dims, const float* q, const KvCacheView& kv, int first, int last,
                      const float* sink, float scale, float* out, KernelIsa isa);

}  // namespace peng
