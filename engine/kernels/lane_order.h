#pragma once
// The fixed accumulation order every kernel path implements (scalar, AVX2, AVX-512).
// Because all paths perform the same f32 operations in the same order, they give
// the same bytes; neither the thread count, nor the batch size, nor the row tile
// a row lands in takes part in the order.
//
// Matrix rows (y[r] = sum_c W[r][c] x[c]):
//  - There are kLanes = 32 f32 accumulators, all starting at +0. Columns are taken
//    in steps of 32; the row is zero-padded to a whole step (padding adds 0*0).
//  - F32, BF16, FP8: column c goes to lane c % 32.
//    MXFP4: within a 32-column group, even columns go to lanes 0..15 and odd columns
//    to lanes 16..31 (column 32g+i to lane (i % 2) * 16 + i / 2), matching the
//    byte's low/high nibble split.
//  - Each product is one fused multiply-add: acc[lane] = fma(w, x, acc[lane]).
//  - The weight w is the exact decoded value: bf16 widened; e4m3 from its table;
//    e2m1 * 2^(s-127) as one f32 multiply (exact for every real scale).
//  - FP8Block: each 128-column block accumulates into 32 fresh lanes `part`; after
//    the block, total[j] = fma(part[j], scale[block], total[j]) for all 32 lanes.
//  - The 32 lanes (or totals) are reduced by halving: lane j += lane j+16, then
//    j += j+8, j += j+4, j += j+2, j += j+1.
//
// Decode attention (one query position over keys [first, last]):
//  - score = fma-chain over dims d of q[d]*k[d] (from +0), times `scale`.
//  - Keys split into chunks of kAttentionChunk positions counted from `first`.
//    Per chunk: m = max score; e_t = exp_fixed(s_t - m); l = running sum of e_t in
//    key order; o[d] = fma-chain of e_t * v_t[d] in key order.
//  - Merge in chunk order: M = max(all m, sink); f = exp_fixed(m - M);
//    L = fma(f, l, L); O[d] = fma(f, o[d], O[d]); then L += exp_fixed(sink - M)
//    when there is a sink; out[d] = O[d] / L.
//  - exp_fixed is a fixed sequence of f32 operations (kernels/exp_fixed.h).
namespace peng::kernels {

constexpr int kLanes = 32;
constexpr int kFp8Block = 128;
constexpr int kMxfp4Group = 32;
constexpr int kAttentionChunk = 256;

// The MXFP4 lane of column i within its 32-column group.
constexpr int mxfp4_lane(int i) { return (i % 2) * 16 + i / 2; }

}  // namespace peng::kernels

// exp_fixed(x), the softmax exponential every path computes identically:
//   xc = min(hi, max(lo, x))                      (x86 max/min operand semantics)
//   t = xc * log2e;  t = t + magic;  n = t - magic  (round to nearest integer)
//   r = fma(-n, ln2_hi, xc);  r = fma(-n, ln2_lo, r)
//   p = c0; p = fma(p, r, c_k) for k = 1..5;  y = fma(p, r * r, r);  y = y + 1
//   result = y * 2^n, or +0 where x < lo.
// Within 2 ulp of exp on [lo, hi]; below lo (exp < 1.7e-38) it returns 0.
namespace peng::kernels::exp_constants {
constexpr float kLo = -87.0f, kHi = 88.0f;
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kRoundMagic = 12582912.0f;  // 1.5 * 2^23
constexpr float kLn2Hi = 0.693359375f, kLn2Lo = -2.12194440e-4f;
// Cephes expf polynomial coefficients, highest degree first.
constexpr float kPoly[6] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                            4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};
}  // namespace peng::kernels::exp_constants
