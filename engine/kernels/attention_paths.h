#pragma once
// Internal: one decode-attention call split into work items (KV head x key chunk)
// and a per-head merge; attention.cpp runs them on the chosen path and threads.
#include "kernels/attention.h"

namespace peng::kernels {

struct AttentionJob {
    AttentionDims dims;
    const float* q = nullptr;
    KvCacheView kv;
    int first = 0, last = 0;
    const float* sink = nullptr;
    float scale = 1;
    int group = 0;   // query heads per KV head
    int lanes = 0;   // group rounded up to a multiple of 16
    int chunks = 0;  // key chunks of kAttentionChunk positions from `first`
    // q transposed per KV head: q_lanes[(g * head_dim + d) * lanes + j] is dim d of
    // query head g * group + j (0 for padding lanes j >= group).
    const float* q_lanes = nullptr;
    // Per chunk partials, written by the chunk items and read by the merge:
    float* chunk_max = nullptr;  // [kv head][chunk][lanes]
    float* chunk_sum = nullptr;  // [kv head][chunk][lanes]
    float* chunk_out = nullptr;  // [query head][chunk][v_head_dim]

    const float* key(int pos, int kv_head) const { return kv.keys + slot(pos) * kv.key_stride + size_t(kv_head) * dims.head_dim; }
    const float* value(int pos, int kv_head) const {
        return kv.values + slot(pos) * kv.value_stride + size_t(kv_head) * dims.v_head_dim;
    }
    size_t slot(int pos) const { return size_t(kv.window ? pos % kv.window : pos); }
};

void attention_chunk_scalar(const AttentionJob& job, int kv_head, int chunk);
void attention_merge_scalar(const AttentionJob& job, int head, float* out);
void attention_chunk_avx2(const AttentionJob& job, int kv_head, int chunk);
void attention_merge_avx2(const AttentionJob& job, int head, float* out);
void attention_chunk_avx512(const AttentionJob& job, int kv_head, int chunk);
void attention_merge_avx512(const AttentionJob& job, int head, float* out);

}  // namespace peng::kernels
