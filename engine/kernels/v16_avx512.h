#pragma once
// 16 f32 lanes as one AVX-512 register, plus the weight decoders, for the kernel
// templates (matvec_simd.h, attention_simd.h). Include only from *_avx512.cpp files:
// they are compiled for AVX-512, so nothing here may reach the baseline build.
// Everything is internal (anonymous namespace) to keep these copies private.
#include <immintrin.h>

// GCC 12 reports its own AVX-512 intrinsics (built on _mm512_undefined_*) as reading
// uninitialized values (GCC PR105593); the warnings are false.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <cstddef>
#include <cstdint>

namespace peng::kernels {
namespace {

struct V16 {
    __m512 v;
};

inline V16 v_zero() { return {_mm512_setzero_ps()}; }
inline V16 v_set1(float a) { return {_mm512_set1_ps(a)}; }
inline V16 v_load(const float* p) { return {_mm512_loadu_ps(p)}; }
inline void v_store(float* p, V16 a) { _mm512_storeu_ps(p, a.v); }
inline __mmask16 lanes_mask(int n) { return static_cast<__mmask16>((1u << n) - 1); }
// The first n (0..16) lanes from p, the rest +0; and the matching partial store.
inline V16 v_load_n(const float* p, int n) { return {_mm512_maskz_loadu_ps(lanes_mask(n), p)}; }
inline void v_store_n(float* p, V16 a, int n) { _mm512_mask_storeu_ps(p, lanes_mask(n), a.v); }
inline V16 v_fma(V16 a, V16 b, V16 c) { return {_mm512_fmadd_ps(a.v, b.v, c.v)}; }
inline V16 v_add(V16 a, V16 b) { return {_mm512_add_ps(a.v, b.v)}; }
inline V16 v_sub(V16 a, V16 b) { return {_mm512_sub_ps(a.v, b.v)}; }
inline V16 v_mul(V16 a, V16 b) { return {_mm512_mul_ps(a.v, b.v)}; }
inline V16 v_div(V16 a, V16 b) { return {_mm512_div_ps(a.v, b.v)}; }
inline V16 v_max(V16 a, V16 b) { return {_mm512_max_ps(a.v, b.v)}; }
inline V16 v_min(V16 a, V16 b) { return {_mm512_min_ps(a.v, b.v)}; }
inline V16 v_neg(V16 a) {
    return {_mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a.v), _mm512_set1_epi32(INT32_MIN)))};
}
// +0 where x < limit, else value.
inline V16 v_zero_where_below(V16 x, V16 limit, V16 value) {
    return {_mm512_maskz_mov_ps(_mm512_cmp_ps_mask(x.v, limit.v, _CMP_NLT_UQ), value.v)};
}
// 2^n for n = bits(t) - bits(magic), where t = magic + n (exp_fixed's rounding trick).
inline V16 v_pow2_from_rounded(V16 t, V16 magic) {
    __m512i n = _mm512_sub_epi32(_mm512_castps_si512(t.v), _mm512_castps_si512(magic.v));
    return {_mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(n, _mm512_set1_epi32(127)), 23))};
}

// Halving reduction of 32 lanes (a: lanes 0..15, b: 16..31).
inline float v_reduce32(V16 a, V16 b) {
    __m512 s16 = _mm512_add_ps(a.v, b.v);
    __m256 s8 = _mm256_add_ps(_mm512_castps512_ps256(s16), _mm512_extractf32x8_ps(s16, 1));
    __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(s8), _mm256_extractf128_ps(s8, 1));
    __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
    __m128 s1 = _mm_add_ss(s2, _mm_movehdup_ps(s2));
    return _mm_cvtss_f32(s1);
}

// ---- weight decoders: 16 consecutive columns -----------------------------------

inline V16 v_bf16(const uint8_t* p) {
    __m512i wide = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    return {_mm512_castsi512_ps(_mm512_slli_epi32(wide, 16))};
}
inline V16 v_bf16_n(const uint8_t* p, int n) {
    __m512i wide = _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(lanes_mask(n), p));
    return {_mm512_castsi512_ps(_mm512_slli_epi32(wide, 16))};
}
inline V16 v_f32(const uint8_t* p) { return v_load(reinterpret_cast<const float*>(p)); }
inline V16 v_f32_n(const uint8_t* p, int n) { return v_load_n(reinterpret_cast<const float*>(p), n); }

// e4m3 without a table: sign-extend the byte, move sign to bit 31 and the 7 magnitude
// bits to f32's exponent/mantissa field. That f32 is exactly the weight times 2^-120
// (subnormals included); v_fp8 multiplies by 2^120 to rebias, v_fp8_unbiased leaves
// it for activations already scaled by 2^120. Codes 0x7F/0xFF (NaN) need v_fp8_fix_nan.
inline V16 v_fp8_bits(__m128i codes) {
    __m512i wide = _mm512_slli_epi32(_mm512_cvtepi8_epi32(codes), 20);
    return {_mm512_castsi512_ps(_mm512_and_si512(wide, _mm512_set1_epi32(int32_t(0x87F00000u))))};
}
inline V16 v_fp8_unbiased(const uint8_t* p) { return v_fp8_bits(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))); }
inline V16 v_fp8_unbiased_n(const uint8_t* p, int n) { return v_fp8_bits(_mm_maskz_loadu_epi8(lanes_mask(n), p)); }
inline V16 v_fp8(const uint8_t* p) { return v_mul(v_fp8_unbiased(p), v_set1(0x1p120f)); }
inline V16 v_fp8_n(const uint8_t* p, int n) { return v_mul(v_fp8_unbiased_n(p, n), v_set1(0x1p120f)); }
// True when any of the n codes at p is a NaN code (0x7F or 0xFF).
inline bool fp8_any_nan(const uint8_t* p, int n) {
    __mmask64 hits = 0;
    for (int i = 0; i < n; i += 64) {
        const int count = n - i < 64 ? n - i : 64;
        const __mmask64 live = count == 64 ? ~__mmask64(0) : ((__mmask64(1) << count) - 1);
        __m512i codes = _mm512_maskz_loadu_epi8(live, p + i);
        hits |= _mm512_mask_cmpeq_epi8_mask(live, _mm512_or_si512(codes, _mm512_set1_epi8(char(0x80))),
                                            _mm512_set1_epi8(char(0xFF)));
    }
    return hits != 0;
}
// Finds NaN codes in whole 64-byte lines cheaply: doubling a byte drops its sign, so
// 0x7F and 0xFF (and only they) become 0xFE, the largest value a doubled byte takes.
struct Fp8NanProbe {
    __m512i top = _mm512_setzero_si512();
    void add64(const uint8_t* p) {
        const __m512i v = _mm512_loadu_si512(p);
        top = _mm512_max_epu8(top, _mm512_add_epi8(v, v));
    }
    bool any() const { return _mm512_cmpeq_epi8_mask(top, _mm512_set1_epi8(char(0xFE))) != 0; }
};
// Replaces the lanes whose code is NaN by the table's NaN (quiet, with the code's sign).
inline V16 v_fp8_fix_nan(const uint8_t* p, int n, V16 w) {
    __m512i wide = _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(lanes_mask(n), p));
    __mmask16 nan = _mm512_cmpeq_epi32_mask(_mm512_and_si512(wide, _mm512_set1_epi32(0x7F)), _mm512_set1_epi32(0x7F));
    __m512i sign = _mm512_slli_epi32(_mm512_srli_epi32(wide, 7), 31);
    __m512 qnan = _mm512_castsi512_ps(_mm512_or_si512(sign, _mm512_set1_epi32(0x7FC00000)));
    return {_mm512_mask_blend_ps(nan, w.v, qnan)};
}

// MXFP4: `table` holds the 16 e2m1 values already times the group's scale
// (kernels/mxfp4_tables.h). 16 bytes = 32 columns: `even` gets the low nibbles
// (columns 0, 2, ..), `odd` the high ones.
inline void v_fp4(const float* table, const uint8_t* p, V16& even, V16& odd) {
    const __m512 values = _mm512_load_ps(table);
    __m512i bytes = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    even.v = _mm512_permutexvar_ps(bytes, values);  // uses index bits 0..3 only
    odd.v = _mm512_permutexvar_ps(_mm512_srli_epi32(bytes, 4), values);
}

inline void prefetch(const void* p) { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T1); }
inline void prefetch_l1(const void* p) { _mm_prefetch(static_cast<const char*>(p), _MM_HINT_T0); }

}  // namespace
}  // namespace peng::kernels
