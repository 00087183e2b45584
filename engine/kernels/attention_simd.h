#pragma once
// Decode attention written once over V16; attention_avx2.cpp and attention_avx512.cpp
// include this after their V16 header. Same operations, same order as
// attention_scalar.cpp (kernels/lane_order.h), with query heads in lanes for the
// scores and value dimensions in lanes for the weighted sums.
#include "kernels/attention_paths.h"
#include "kernels/lane_order.h"

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

inline float scalar_exp_fixed(float x) {
    float lanes[16];
    v_store(lanes, v_exp_fixed(v_set1(x)));
    return lanes[0];
}

inline float max_ps(float a, float b) { return a > b ? a : b; }

// Tuning per instruction set: keys scored at once, value vectors per pass, and
// query heads sharing one pass over the values.
template <int KeyTile, int ValueVectors, int ValueHeads>
struct AttentionSimd {
    const AttentionJob& job;
    int kv_head, chunk, begin, count;
    const float* q_block;  // job.q_lanes for this KV head and 16-head block
    float* scores;         // [count][16]: scores, then exp weights

    template <int K>
    void score_keys(int t) {
        const int hd = job.dims.head_dim;
        const float* k[K];
        for (int j = 0; j < K; ++j) k[j] = job.key(begin + t + j, kv_head);
        V16 acc[K];
        for (int j = 0; j < K; ++j) acc[j] = v_zero();
        for (int d = 0; d < hd; ++d) {
            const V16 q = v_load(q_block + size_t(d) * job.lanes);
            for (int j = 0; j < K; ++j) acc[j] = v_fma(q, v_set1(k[j][d]), acc[j]);
        }
        for (int j = 0; j < K; ++j) v_store(scores + size_t(t + j) * 16, v_mul(acc[j], v_set1(job.scale)));
    }

    // Softmax partials of 16 heads: chunk max, exp weights (in place), their sum.
    void weights(int block) {
        V16 m = v_load(scores);
        for (int t = 1; t < count; ++t) m = v_max(m, v_load(scores + size_t(t) * 16));
        V16 l = v_zero();
        for (int t = 0; t < count; ++t) {
            const V16 e = v_exp_fixed(v_sub(v_load(scores + size_t(t) * 16), m));
            v_store(scores + size_t(t) * 16, e);
            l = v_add(l, e);
        }
        const size_t at = (size_t(kv_head) * job.chunks + chunk) * job.lanes + size_t(block) * 16;
        v_store(job.chunk_max + at, m);
        v_store(job.chunk_sum + at, l);
    }

    // o[d] = fma-chain over keys of e_t * v_t[d], for H heads (lanes `lane0`..) and
    // the ND value vectors from dim d0; the last vector holds `tail` dims.
    template <int H, int ND>
    void weighted_values(int lane0, int head0, int d0, int tail) {
        V16 o[H][ND];
        for (int h = 0; h < H; ++h)
            for (int i = 0; i < ND; ++i) o[h][i] = v_zero();
        for (int t = 0; t < count; ++t) {
            const float* v = job.value(begin + t, kv_head) + d0;
            V16 vv[ND];
            for (int i = 0; i + 1 < ND; ++i) vv[i] = v_load(v + 16 * i);
            vv[ND - 1] = tail == 16 ? v_load(v + 16 * (ND - 1)) : v_load_n(v + 16 * (ND - 1), tail);
            for (int h = 0; h < H; ++h) {
                const V16 e = v_set1(scores[size_t(t) * 16 + lane0 + h]);
                for (int i = 0; i < ND; ++i) o[h][i] = v_fma(e, vv[i], o[h][i]);
            }
        }
        const int vd = job.dims.v_head_dim;
        for (int h = 0; h < H; ++h) {
            float* out = job.chunk_out + (size_t(head0 + h) * job.chunks + chunk) * vd + d0;
            for (int i = 0; i + 1 < ND; ++i) v_store(out + 16 * i, o[h][i]);
            v_store_n(out + 16 * (ND - 1), o[h][ND - 1], tail);
        }
    }

    template <int H>
    void values_for_heads(int lane0, int head0) {
        const int vd = job.dims.v_head_dim;
        for (int d0 = 0; d0 < vd; d0 += 16 * ValueVectors) {
            const int vectors = (vd - d0 + 15) / 16 < ValueVectors ? (vd - d0 + 15) / 16 : ValueVectors;
            const int tail = vd - d0 - 16 * (vectors - 1);
            values_with<H, ValueVectors>(vectors, lane0, head0, d0, tail < 16 ? tail : 16);
        }
    }
    // Picks the compile-time vector count equal to `vectors` (1..N).
    template <int H, int N>
    void values_with(int vectors, int lane0, int head0, int d0, int tail) {
        if constexpr (N > 1)
            if (vectors < N) return values_with<H, N - 1>(vectors, lane0, head0, d0, tail);
        weighted_values<H, N>(lane0, head0, d0, tail);
    }

    void run() {
        for (int block = 0; block * 16 < job.group; ++block) {
            q_block = job.q_lanes + size_t(kv_head) * job.dims.head_dim * job.lanes + size_t(block) * 16;
            int t = 0;
            for (; t + KeyTile <= count; t += KeyTile) score_keys<KeyTile>(t);
            for (; t < count; ++t) score_keys<1>(t);
            weights(block);
            const int heads = job.group - block * 16 < 16 ? job.group - block * 16 : 16;
            const int head_base = kv_head * job.group + block * 16;
            int h = 0;
            for (; h + ValueHeads <= heads; h += ValueHeads) values_for_heads<ValueHeads>(h, head_base + h);
            for (; h < heads; ++h) values_for_heads<1>(h, head_base + h);
        }
    }
};

template <int KeyTile, int ValueVectors, int ValueHeads>
void attention_chunk_simd(const AttentionJob& job, int kv_head, int chunk) {
    alignas(64) float scores[kAttentionChunk * 16];
    const int begin = job.first + chunk * kAttentionChunk;
    const int count = job.last - begin + 1 < kAttentionChunk ? job.last - begin + 1 : kAttentionChunk;
    AttentionSimd<KeyTile, ValueVectors, ValueHeads>{job, kv_head, chunk, begin, count, nullptr, scores}.run();
}

inline void attention_merge_simd(const AttentionJob& job, int head, float* out) {
    const int kv_head = head / job.group, lane = head % job.group, vd = job.dims.v_head_dim;
    const size_t first_at = size_t(kv_head) * job.chunks * job.lanes + lane;
    auto partial = [&](const float* base, int c) { return base[first_at + size_t(c) * job.lanes]; };
    float top = partial(job.chunk_max, 0);
    for (int c = 1; c < job.chunks; ++c) top = max_ps(top, partial(job.chunk_max, c));
    if (job.sink) top = max_ps(top, job.sink[head]);
    for (int i = 0; i < vd; i += 16) v_store_n(out + i, v_zero(), vd - i < 16 ? vd - i : 16);
    float denom = 0;
    for (int c0 = 0; c0 < job.chunks; c0 += 16) {
        const int n = job.chunks - c0 < 16 ? job.chunks - c0 : 16;
        float f[16] = {};
        for (int c = 0; c < n; ++c) f[c] = partial(job.chunk_max, c0 + c);
        v_store(f, v_exp_fixed(v_sub(v_load(f), v_set1(top))));
        for (int c = 0; c < n; ++c) {
            denom = __builtin_fmaf(f[c], partial(job.chunk_sum, c0 + c), denom);
            const float* o = job.chunk_out + (size_t(head) * job.chunks + c0 + c) * vd;
            const V16 weight = v_set1(f[c]);
            for (int i = 0; i < vd; i += 16) {
                const int w = vd - i < 16 ? vd - i : 16;
                v_store_n(out + i, v_fma(weight, v_load_n(o + i, w), v_load_n(out + i, w)), w);
            }
        }
    }
    if (job.sink) denom = denom + scalar_exp_fixed(job.sink[head] - top);
    const V16 d = v_set1(denom);
    for (int i = 0; i < vd; i += 16) {
        const int w = vd - i < 16 ? vd - i : 16;
        v_store_n(out + i, v_div(v_load_n(out + i, w), d), w);
    }
}

}  // namespace
}  // namespace peng::kernels
