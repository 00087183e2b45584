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

    // Where a tile's K key rows are, and the rows it prefetches kPrefetchKeys on.
    // ConsecutiveRows: consecutive slots of a cache whose slot strides are known at
    // compile time, so every address is one pointer plus a constant. ListedRows: any
    // other tile (a ring wrap, runtime strides), with K offsets and 2K pointers, which
    // do not fit in registers and are reloaded from the stack as they are used.
    template <int Stride, int ValueStride>
    struct ConsecutiveRows {
        const float *k0, *fetch_k, *fetch_v;
        ptrdiff_t offset(int j) const { return ptrdiff_t(j) * Stride; }
        const float* fetch_key(int j) const { return fetch_k + ptrdiff_t(j) * Stride; }
        const float* fetch_value(int j) const { return fetch_v + ptrdiff_t(j) * ValueStride; }
    };
    template <int K>
    struct ListedRows {
        const float* k0;
        ptrdiff_t offsets[K];
        const float* fetch_keys[K];
        const float* fetch_values[K];
        ptrdiff_t offset(int j) const { return offsets[j]; }
        const float* fetch_key(int j) const { return fetch_keys[j]; }
        const float* fetch_value(int j) const { return fetch_values[j]; }
    };

    template <int K>
    ListedRows<K> listed_rows(int t) const {
        ListedRows<K> rows;
        rows.k0 = job.key(begin + t, kv_head);
        PENG_UNROLL
        for (int j = 0; j < K; ++j) {
            rows.offsets[j] = job.key(begin + t + j, kv_head) - rows.k0;
            // Keys past the chunk re-request this tile's rows: harmless, branch-free.
            const int at = t + kPrefetchKeys + j < count ? t + kPrefetchKeys + j : t;
            rows.fetch_keys[j] = job.key(begin + at, kv_head);
            rows.fetch_values[j] = job.value(begin + at, kv_head);
        }
        return rows;
    }

    // True when positions [t, t + n) of the chunk sit at consecutive slots.
    bool consecutive(int t, int n) const {
        return t + n <= count && job.slot(begin + t + n - 1) == job.slot(begin + t) + size_t(n - 1);
    }

    template <int K, class Rows>
    void score_keys(int t, const Rows& rows) {
        const int hd = job.dims.head_dim, vd = job.dims.v_head_dim;
        const bool fetch = block == 0;  // later blocks find the rows cached
        V16 acc[K];
        PENG_UNROLL
        for (int j = 0; j < K; ++j) acc[j] = v_zero();
        const float* q = q_block;
        for (int d0 = 0; d0 < hd; d0 += 16) {
            if (fetch) {
                PENG_UNROLL
                for (int j = 0; j < K; ++j) {
                    prefetch(rows.fetch_key(j) + d0);
                    if (d0 < vd) prefetch(rows.fetch_value(j) + d0);
                }
            }
            const float* k_end = rows.k0 + (d0 + 16 < hd ? d0 + 16 : hd);
            for (const float* k = rows.k0 + d0; k < k_end; ++k, q += job.lanes) {
                const V16 qd = v_load(q);
                PENG_UNROLL
                for (int j = 0; j < K; ++j) acc[j] = v_fma(qd, v_set1(k[rows.offset(j)]), acc[j]);
            }
        }
        if (fetch)
            for (int d0 = hd; d0 < vd; d0 += 16)
                PENG_UNROLL
                for (int j = 0; j < K; ++j) prefetch(rows.fetch_value(j) + d0);
        PENG_UNROLL
        for (int j = 0; j < K; ++j) v_store(scores + size_t(t + j) * 16, v_mul(acc[j], v_set1(job.scale)));
    }

    template <int Stride, int ValueStride>
    void score_chunk() {
        int t = 0;
        for (; t + KeyTile <= count; t += KeyTile) {
            if (Stride && consecutive(t, KeyTile)) {
                // Near the chunk's end (or a ring wrap) the tile prefetches its own rows.
                const int ahead = consecutive(t, kPrefetchKeys + KeyTile) ? t + kPrefetchKeys : t;
                const ConsecutiveRows<Stride, ValueStride> rows{job.key(begin + t, kv_head), job.key(begin + ahead, kv_head),
                                                                job.value(begin + ahead, kv_head)};
                score_keys<KeyTile>(t, rows);
            } else {
                score_keys<KeyTile>(t, listed_rows<KeyTile>(t));
            }
        }
        for (; t < count; ++t) score_keys<1>(t, listed_rows<1>(t));
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

    void run() {
        const int vd = job.dims.v_head_dim;
        for (block = 0; block * 16 < job.group; ++block) {
            q_block = job.q_lanes + size_t(kv_head) * job.dims.head_dim * job.lanes + size_t(block) * 16;
            // MiMo's head dims in a head-major cache: slot strides known at compile time.
            if (job.kv.key_stride == 192 && job.kv.value_stride == 128) score_chunk<192, 128>();
            else score_chunk<0, 0>();
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
