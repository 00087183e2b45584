#pragma once
// Decode attention written once over V16; attention_avx2.cpp and attention_avx512.cpp
// include this after their V16 header. Same operations, same order as
// attention_scalar.cpp (kernels/lane_order.h), with the 16 query heads of a block in
// lanes throughout: each cached key or value element is broadcast once and serves
// all of them.
#include "kernels/attention_paths.h"
#include "kernels/lane_order.h"
#include "kernels/unroll.h"

namespace peng::kernels {
namespace {

inline V16 v_exp_fixed(V16 x) {
    using namespace exp_constants;
    const V16 xc = v_min(v_set1(kHi), v_max(v_set1(kLo), x));
    V16 t = v_mul(xc, v_set1(kLog2e));
    t = v_add(t, v_set1(kRoundMagic));
    const V16 n = v_sub(t, v_set1(kRoundMagic));
    V16 r = v_fma(v_neg(n), v_set1(kLn2Hi), xc);
    r = v_fma(v_neg(n), v_set1(kLn2Lo), r);
    V16 p = v_set1(kPoly[0]);
    for (int k = 1; k < 6; ++k) p = v_fma(p, r, v_set1(kPoly[k]));
    V16 y = v_fma(p, v_mul(r, r), r);
    y = v_add(y, v_set1(1.0f));
    return v_zero_where_below(x, v_set1(kLo), v_mul(y, v_pow2_from_rounded(t, v_set1(kRoundMagic))));
}

// Tuning per instruction set: keys scored at once, and value dimensions summed at
// once (each a register of 16 head lanes).
template <int KeyTile, int ValueDims>
struct AttentionSimd {
    const AttentionJob& job;
    int kv_head, chunk, begin, count;
    int block;             // 16-head block within the KV head's group
    const float* q_block;  // job.q_lanes for this KV head and block
    float* scores;         // [count][16]: scores, then exp weights

    // Rows kPrefetchKeys ahead of the scores are requested a line at a time, spread
    // through the multiply-adds: issued in bursts, or left to the hardware prefetchers,
    // they arrive too late on a core this busy. Value rows come along for the
    // weighted sums that follow the scores.
    static constexpr int kPrefetchKeys = 16;

    // Stride: the floats between key slots when known at compile time (the model's
    // shapes), else 0. With it every key address is one pointer plus a constant;
    // K separate offsets do not fit in registers and were reloaded before each
    // multiply-add. Keys whose slots wrap around the window ring take the offsets.
    template <int K, int Stride>
    void score_keys(int t) {
        const int hd = job.dims.head_dim, vd = job.dims.v_head_dim;
        const float* ahead_k[K];
        const float* ahead_v[K];
        const bool fetch = block == 0;  // later blocks find the rows cached
        PENG_UNROLL
        for (int j = 0; j < K; ++j) {
            // Keys past the chunk re-request this tile's rows: harmless, branch-free.
            const int at = t + kPrefetchKeys + j < count ? t + kPrefetchKeys + j : t;
            ahead_k[j] = job.key(begin + at, kv_head);
            ahead_v[j] = job.value(begin + at, kv_head);
        }
        const float* k0 = job.key(begin + t, kv_head);
        ptrdiff_t offset[K];
        bool strided = Stride != 0;
        PENG_UNROLL
        for (int j = 0; j < K; ++j) {
            offset[j] = job.key(begin + t + j, kv_head) - k0;
            strided &= offset[j] == ptrdiff_t(j) * Stride;
        }
        V16 acc[K];
        PENG_UNROLL
        for (int j = 0; j < K; ++j) acc[j] = v_zero();
        const float* q = q_block;
        for (int d0 = 0; d0 < hd; d0 += 16) {
            if (fetch) {
                PENG_UNROLL
                for (int j = 0; j < K; ++j) {
                    prefetch(ahead_k[j] + d0);
                    if (d0 < vd) prefetch(ahead_v[j] + d0);
                }
            }
            const float* k_end = k0 + (d0 + 16 < hd ? d0 + 16 : hd);
            if (strided) {
                for (const float* k = k0 + d0; k < k_end; ++k, q += job.lanes) {
                    const V16 qd = v_load(q);
                    PENG_UNROLL
                    for (int j = 0; j < K; ++j) acc[j] = v_fma(qd, v_set1(k[j * Stride]), acc[j]);
                }
                continue;
            }
            for (const float* k = k0 + d0; k < k_end; ++k, q += job.lanes) {
                const V16 qd = v_load(q);
                PENG_UNROLL
                for (int j = 0; j < K; ++j) acc[j] = v_fma(qd, v_set1(k[offset[j]]), acc[j]);
            }
        }
        if (fetch)
            for (int d0 = hd; d0 < vd; d0 += 16)
                PENG_UNROLL
                for (int j = 0; j < K; ++j) prefetch(ahead_v[j] + d0);
        PENG_UNROLL
        for (int j = 0; j < K; ++j) v_store(scores + size_t(t + j) * 16, v_mul(acc[j], v_set1(job.scale)));
    }

    // Softmax partials of the block's heads: chunk max, exp weights (in place), their sum.
    void weights() {
        V16 m = v_load(scores);
        for (int t = 1; t < count; ++t) m = v_max(m, v_load(scores + size_t(t) * 16));
        V16 l = v_zero();
        for (int t = 0; t < count; ++t) {
            const V16 e = v_exp_fixed(v_sub(v_load(scores + size_t(t) * 16), m));
            v_store(scores + size_t(t) * 16, e);
            l = v_add(l, e);
        }
        const size_t at = job.partial_at(kv_head, chunk) + size_t(block) * 16;
        v_store(job.chunk_max + at, m);
        v_store(job.chunk_sum + at, l);
    }

    // o[d] (heads in lanes) = fma-chain over keys of e_t * v_t[d], for dims [d0, d0 + N).
    template <int N>
    void weighted_values(int d0) {
        V16 acc[N];
        PENG_UNROLL
        for (int i = 0; i < N; ++i) acc[i] = v_zero();
        for (int t = 0; t < count; ++t) {
            const V16 e = v_load(scores + size_t(t) * 16);
            const float* v = job.value(begin + t, kv_head) + d0;
            PENG_UNROLL
            for (int i = 0; i < N; ++i) acc[i] = v_fma(e, v_set1(v[i]), acc[i]);
        }
        float* o = job.out_at(kv_head, chunk) + size_t(block) * 16;
        PENG_UNROLL
        for (int i = 0; i < N; ++i) v_store(o + size_t(d0 + i) * job.lanes, acc[i]);
    }
    // The last 1..N dims: picks the compile-time count equal to `left`.
    template <int N>
    void weighted_tail(int d0, int left) {
        if constexpr (N > 1)
            if (left < N) return weighted_tail<N - 1>(d0, left);
        weighted_values<N>(d0);
    }

    template <int Stride>
    void score_chunk() {
        int t = 0;
        for (; t + KeyTile <= count; t += KeyTile) score_keys<KeyTile, Stride>(t);
        for (; t < count; ++t) score_keys<1, Stride>(t);
    }

    void run() {
        const int vd = job.dims.v_head_dim;
        for (block = 0; block * 16 < job.group; ++block) {
            q_block = job.q_lanes + size_t(kv_head) * job.dims.head_dim * job.lanes + size_t(block) * 16;
            if (job.kv.key_stride == 192) score_chunk<192>();  // MiMo's head_dim, head-major cache
            else score_chunk<0>();
            weights();
            int d0 = 0;
            for (; d0 + ValueDims <= vd; d0 += ValueDims) weighted_values<ValueDims>(d0);
            if (d0 < vd) weighted_tail<ValueDims>(d0, vd - d0);
        }
    }
};

template <int KeyTile, int ValueDims>
void attention_chunk_simd(const AttentionJob& job, int kv_head, int chunk) {
    alignas(64) float scores[kAttentionChunk * 16];
    const int begin = job.first + chunk * kAttentionChunk;
    const int count = job.last - begin + 1 < kAttentionChunk ? job.last - begin + 1 : kAttentionChunk;
    AttentionSimd<KeyTile, ValueDims>{job, kv_head, chunk, begin, count, 0, nullptr, scores}.run();
}

// The merge with the block's 16 heads in lanes; `sums` is scratch of v_head_dim x 16.
inline void attention_merge_simd(const AttentionJob& job, int kv_head, int block, float* out, float* sums) {
    const int vd = job.dims.v_head_dim, lane0 = block * 16;
    const int heads = job.group - lane0 < 16 ? job.group - lane0 : 16;
    const int head0 = kv_head * job.group + lane0;
    V16 top = v_load(job.chunk_max + job.partial_at(kv_head, 0) + lane0);
    for (int c = 1; c < job.chunks; ++c) top = v_max(top, v_load(job.chunk_max + job.partial_at(kv_head, c) + lane0));
    alignas(64) float lane_values[16] = {};
    V16 sink = v_zero();
    if (job.sink) {
        for (int h = 0; h < heads; ++h) lane_values[h] = job.sink[head0 + h];
        sink = v_load(lane_values);
        top = v_max(top, sink);
    }
    for (int i = 0; i < vd; ++i) v_store(sums + size_t(i) * 16, v_zero());
    V16 denom = v_zero();
    for (int c = 0; c < job.chunks; ++c) {
        const V16 f = v_exp_fixed(v_sub(v_load(job.chunk_max + job.partial_at(kv_head, c) + lane0), top));
        denom = v_fma(f, v_load(job.chunk_sum + job.partial_at(kv_head, c) + lane0), denom);
        const float* part = job.out_at(kv_head, c) + lane0;
        for (int i = 0; i < vd; ++i) {
            float* sum = sums + size_t(i) * 16;
            v_store(sum, v_fma(f, v_load(part + size_t(i) * job.lanes), v_load(sum)));
        }
    }
    if (job.sink) denom = v_add(denom, v_exp_fixed(v_sub(sink, top)));
    for (int i = 0; i < vd; ++i) {
        v_store(lane_values, v_div(v_load(sums + size_t(i) * 16), denom));
        for (int h = 0; h < heads; ++h) out[size_t(head0 + h) * vd + i] = lane_values[h];
    }
}

}  // namespace
}  // namespace peng::kernels
