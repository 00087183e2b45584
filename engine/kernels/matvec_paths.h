#pragma once
// Internal: the per-instruction-set row kernels behind matvec/matmul (matvec.cpp
// picks one and spreads row ranges over threads).
#include <cstddef>

#include "kernels/matrix.h"

namespace peng::kernels {

// Activations as the SIMD paths read them: `batch` rows, `stride` floats apart, each
// zero-padded to a whole 32-column step. For MXFP4 every 32-column group is stored
// split, its 16 even columns first, then its 16 odd ones (the lane order).
struct Activations {
    const float* x = nullptr;
    size_t stride = 0;
    int batch = 0;
    // FP8 only: x holds the activations times 2^120 (exact: every |x| < 256), and the
    // kernel takes the weights as decoded before their 2^120 rebias.
    bool fp8_unbiased = false;
};

// The FP8 rebias moved onto the activations: 2^120, and the bound below which an
// activation times it stays finite.
constexpr float kFp8Rebias = 0x1p120f;
constexpr float kFp8UnbiasedLimit = 256.0f;

// Y[b][r] for r in [row_begin, row_end); Y is [batch x w.rows].
void matmul_rows_scalar(const MatrixView& w, const float* x, int batch, float* y, int row_begin, int row_end);
void matmul_rows_avx2(const MatrixView& w, const Activations& x, float* y, int row_begin, int row_end);
void matmul_rows_avx512(const MatrixView& w, const Activations& x, float* y, int row_begin, int row_end);

// The reference element, in the fixed order of kernels/lane_order.h.
float dot_row_scalar(const MatrixView& w, int row, const float* x);

}  // namespace peng::kernels
