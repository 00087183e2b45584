#pragma once
// Internal: one decode-attention call split into work items (KV head x key chunk)
// and a per-head merge; attention.cpp runs them on the chosen path and threads.
#include "kernels/attention.h"

namespace peng::kernels {

struct AttentionJob {
    AttentionDims dims;
    const float* q = nullptr;
    KvCacheView kv;
    size_t key_head_stride = 0, value_head_stride = 0;  // kv's, with 0 resolved
    int first = 0, last = 0;
    const float* sink = nullptr;
    float scale = 1;
    int group = 0;   // query heads per KV head
    int lanes = 0;   // group rounded up to a multiple of 16
    int chunks = 0;  // key chunks of kAttentionChunk positions from `first`
    // q transposed per KV head: q_lanes[(g * head_dim + d) * lanes + j] is dim d of
    // query head g * group + j (0 for padding lanes j >= group).
    const float* q_lanes = nullptr;
    // Per chunk partials, written by the chunk items and read by the merges, with the
    // query heads of a KV head in lanes (lane j = query head g * group + j):
    float* chunk_max = nullptr;  // [kv head][chunk][lanes]
    float* chunk_sum = nullptr;  // [kv head][chunk][lanes]
    float* chunk_out = nullptr;  // [kv head][chunk][v_head_dim][lanes]

    float* merge_scratch = nullptr;  // [kv head][16-head block][v_head_dim][16]

    float* merge_scratch_for(int kv_head, int block) const {
        return merge_scratch + (size_t(kv_head) * (lanes / 16) + block) * dims.v_head_dim * 16;
    }
    size_t partial_at(int kv_head, int chunk) const { return (size_t(kv_head) * chunks + chunk) * lanes; }
    float* out_at(int kv_head, int chunk) const {
        return chunk_out + (size_t(kv_head) * chunks + chunk) * dims.v_head_dim * lanes;
    }

    const float* key(int pos, int kv_head) const {
        return kv.keys + slot(pos) * kv.key_stride + size_t(kv_head) * key_head_stride;
    }
    const float* value(int pos, int kv_head) const {
        return kv.values + slot(pos) * kv.value_stride + size_t(kv_head) * value_head_stride;
    }
    size_t slot(int pos) const { return size_t(kv.ring_slots ? pos % kv.ring_slots : pos); }
};

// One work item: the partials of KV head `kv_head`'s query heads over one key chunk.
void attention_chunk_scalar(const AttentionJob& job, int kv_head, int chunk);
void attention_chunk_avx2(const AttentionJob& job, int kv_head, int chunk);
void attention_chunk_avx512(const AttentionJob& job, int kv_head, int chunk);
// The merge for query heads [16 * block, 16 * block + 16) of KV head `kv_head`
// (those that exist); out is [num_heads x v_head_dim].
void attention_merge_scalar(const AttentionJob& job, int kv_head, int block, float* out);
void attention_merge_avx2(const AttentionJob& job, int kv_head, int block, float* out);
void attention_merge_avx512(const AttentionJob& job, int kv_head, int block, float* out);

}  // namespace peng::kernels
