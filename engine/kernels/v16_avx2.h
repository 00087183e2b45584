#pragma once
// 16 f32 lanes as two AVX2 registers (lanes 0..7 in lo, 8..15 in hi), with the same
// interface as v16_avx512.h so the kernel templates compile for both. Include only
// from *_avx2.cpp files (compiled for AVX2+FMA); everything here stays internal.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace peng::kernels {
namespace {

struct V16 {
    __m256 lo, hi;
};

inline V16 v_zero() { return {_mm256_setzero_ps(), _mm256_setzero_ps()}; }
inline V16 v_set1(float a) { return {_mm256_set1_ps(a), _mm256_set1_ps(a)}; }
inline V16 v_load(const float* p) { return {_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
inline void v_store(float* p, V16 a) {
    _mm256_storeu_ps(p, a.lo);
    _mm256_storeu_ps(p + 8, a.hi);
}
// Lane masks for maskload/maskstore: lane i is live when i < n.
inline __m256i live_lanes(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
inline V16 v_load_n(const float* p, int n) {
    return {_mm256_maskload_ps(p, live_lanes(n)), _mm256_maskload_ps(p + 8, live_lanes(n - 8))};
}
inline void v_store_n(float* p, V16 a, int n) {
    _mm256_maskstore_ps(p, live_lanes(n), a.lo);
    _mm256_maskstore_ps(p + 8, live_lanes(n - 8), a.hi);
}
inline V16 v_fma(V16 a, V16 b, V16 c) { return {_mm256_fmadd_ps(a.lo, b.lo, c.lo), _mm256_fmadd_ps(a.hi, b.hi, c.hi)}; }
inline V16 v_add(V16 a, V16 b) { return {_mm256_add_ps(a.lo, b.lo), _mm256_add_ps(a.hi, b.hi)}; }
inline V16 v_sub(V16 a, V16 b) { return {_mm256_sub_ps(a.lo, b.lo), _mm256_sub_ps(a.hi, b.hi)}; }
inline V16 v_mul(V16 a, V16 b) { return {_mm256_mul_ps(a.lo, b.lo), _mm256_mul_ps(a.hi, b.hi)}; }
inline V16 v_div(V16 a, V16 b) { return {_mm256_div_ps(a.lo, b.lo), _mm256_div_ps(a.hi, b.hi)}; }
inline V16 v_max(V16 a, V16 b) { return {_mm256_max_ps(a.lo, b.lo), _mm256_max_ps(a.hi, b.hi)}; }
inline V16 v_min(V16 a, V16 b) { return {_mm256_min_ps(a.lo, b.lo), _mm256_min_ps(a.hi, b.hi)}; }
inline __m256 neg8(__m256 a) { return _mm256_xor_ps(a, _mm256_set1_ps(-0.0f)); }
inline V16 v_neg(V16 a) { return {neg8(a.lo), neg8(a.hi)}; }
inline __m256 zero_below8(__m256 x, __m256 limit, __m256 value) {
    return _mm256_and_ps(_mm256_cmp_ps(x, limit, _CMP_NLT_UQ), value);
}
// +0 where x < limit, else value.
inline V16 v_zero_where_below(V16 x, V16 limit, V16 value) {
    return {zero_below8(x.lo, limit.lo, value.lo), zero_below8(x.hi, limit.hi, value.hi)};
}
inline __m256 pow2_8(__m256 t, __m256 magic) {
    __m256i n = _mm256_sub_epi32(_mm256_castps_si256(t), _mm256_castps_si256(magic));
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n, _mm256_set1_epi32(127)), 23));
}
// 2^n for n = bits(t) - bits(magic), where t = magic + n (exp_fixed's rounding trick).
inline V16 v_pow2_from_rounded(V16 t, V16 magic) { return {pow2_8(t.lo, magic.lo), pow2_8(t.hi, magic.hi)}; }

// Halving reduction of 32 lanes (a: lanes 0..15, b: 16..31).
inline float v_reduce32(V16 a, V16 b) {
    __m256 s8 = _mm256_add_ps(_mm256_add_ps(a.lo, b.lo), _mm256_add_ps(a.hi, b.hi));
    __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(s8), _mm256_extractf128_ps(s8, 1));
    __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
    __m128 s1 = _mm_add_ss(s2, _mm_movehdup_ps(s2));
    return _mm_cvtss_f32(s1);
}

// ---- weight decoders: 16 consecutive columns -----------------------------------

// Copies the first n bytes of a short tail into a zeroed 64-byte buffer.
struct TailBytes {
    alignas(32) uint8_t b[64];
    TailBytes(const uint8_t* p, int n) {
        for (int i = 0; i < 64; ++i) b[i] = i < n ? p[i] : 0;
    }
};

inline __m256 bf16x8(__m128i raw) { return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(raw), 16)); }
inline V16 v_bf16(const uint8_t* p) {
    return {bf16x8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))),
            bf16x8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16)))};
}
inline V16 v_bf16_n(const uint8_t* p, int n) { return v_bf16(TailBytes(p, 2 * n).b); }
inline V16 v_f32(const uint8_t* p) { return v_load(reinterpret_cast<const float*>(p)); }
inline V16 v_f32_n(const uint8_t* p, int n) { return v_load_n(reinterpret_cast<const float*>(p), n); }

// e4m3 without a table (see v16_avx512.h): sign-extend, shift into f32's fields, keep
// sign and magnitude: the weight times 2^-120, which v_fp8 rebiases. NaN codes need
// v_fp8_fix_nan.
inline __m256 fp8x8(__m128i codes8) {
    __m256i wide = _mm256_slli_epi32(_mm256_cvtepi8_epi32(codes8), 20);
    return _mm256_castsi256_ps(_mm256_and_si256(wide, _mm256_set1_epi32(int32_t(0x87F00000u))));
}
inline V16 v_fp8_unbiased(const uint8_t* p) {
    return {fp8x8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))),
            fp8x8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8)))};
}
inline V16 v_fp8_unbiased_n(const uint8_t* p, int n) { return v_fp8_unbiased(TailBytes(p, n).b); }
inline V16 v_fp8(const uint8_t* p) { return v_mul(v_fp8_unbiased(p), v_set1(0x1p120f)); }
inline V16 v_fp8_n(const uint8_t* p, int n) { return v_fp8(TailBytes(p, n).b); }
inline bool fp8_any_nan(const uint8_t* p, int n) {
    int hits = 0, i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i codes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + i));
        hits |= _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(codes, _mm256_set1_epi8(char(0x80))),
                                                       _mm256_set1_epi8(char(0xFF))));
    }
    for (; i < n; ++i) hits |= (p[i] & 0x7F) == 0x7F;
    return hits != 0;
}
// Finds NaN codes in whole 64-byte lines cheaply: doubling a byte drops its sign, so
// 0x7F and 0xFF (and only they) become 0xFE, the largest value a doubled byte takes.
struct Fp8NanProbe {
    __m256i top = _mm256_setzero_si256();
    void add64(const uint8_t* p) {
        const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        top = _mm256_max_epu8(top, _mm256_max_epu8(_mm256_add_epi8(a, a), _mm256_add_epi8(b, b)));
    }
    bool any() const { return _mm256_movemask_epi8(_mm256_cmpeq_epi8(top, _mm256_set1_epi8(char(0xFE)))) != 0; }
};
inline __m256 fp8_fix_nan8(__m128i codes8, __m256 w) {
    __m256i wide = _mm256_cvtepu8_epi32(codes8);
    __m256i nan = _mm256_cmpeq_epi32(_mm256_and_si256(wide, _mm256_set1_epi32(0x7F)), _mm256_set1_epi32(0x7F));
    __m256i sign = _mm256_slli_epi32(_mm256_srli_epi32(wide, 7), 31);
    __m256 qnan = _mm256_castsi256_ps(_mm256_or_si256(sign, _mm256_set1_epi32(0x7FC00000)));
    return _mm256_blendv_ps(w, qnan, _mm256_castsi256_ps(nan));
}
// Replaces the lanes whose code is NaN by the table's NaN (quiet, with the code's sign).
inline V16 v_fp8_fix_nan(const uint8_t* p, int n, V16 w) {
    TailBytes codes(p, n < 16 ? n : 16);
    return {fp8_fix_nan8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(codes.b)), w.lo),
            fp8_fix_nan8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(codes.b + 8)), w.hi)};
}

// MXFP4: `table` holds the 16 e2m1 values already times the group's scale
// (kernels/mxfp4_tables.h): codes 0..7 in the first 8, 8..15 in the last 8, looked
// up by a nibble's low three bits and chosen by bit 3.
struct Fp4Table {
    __m256 positive, negative;
};
// idx: one nibble per 32-bit lane in bits 0..3 (higher bits ignored).
inline __m256 fp4x8(const Fp4Table& t, __m256i idx) {
    __m256 pos = _mm256_permutevar8x32_ps(t.positive, idx), neg = _mm256_permutevar8x32_ps(t.negative, idx);
    return _mm256_blendv_ps(pos, neg, _mm256_castsi256_ps(_mm256_slli_epi32(idx, 28)));
}
// 16 bytes = 32 columns: `even` gets the low nibbles (columns 0, 2, ..), `odd` the high.
inline void v_fp4(const float* table, const uint8_t* p, V16& even, V16& odd) {
    const Fp4Table t{_mm256_load_ps(table), _mm256_load_ps(table + 8)};
    __m256i first = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    __m256i second = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8)));
    even = {fp4x8(t, first), fp4x8(t, second)};
    odd = {fp4x8(t, _mm256_srli_epi32(first, 4)), fp4x8(t, _mm256_srli_epi32(second, 4))};
}

inline void prefetch(const void* p) { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T1); }
inline void prefetch_l1(const void* p) { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0); }

}  // namespace
}  // namespace peng::kernels
