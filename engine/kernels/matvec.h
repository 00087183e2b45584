#pragma once
// Matrix-vector and batched products over MatrixView. Every output element is
// accumulated in one fixed order (kernels/lane_order.h) that depends neither on the
// thread count, nor on the batch size, nor on the instruction-set path, so blocked
// prefill and one-token decode give identical bytes on any supported CPU.
#include "kernels/kernel_isa.h"
#include "kernels/matrix.h"

namespace peng {

// y[r] = sum_c W[r][c] * x[c] for r in [0, rows).
void matvec(const MatrixView& w, const float* x, float* y);

// Y[b][r] = sum_c W[r][c] * X[b][c]; X is [batch x cols], Y is [batch x rows].
// Each element equals what matvec gives for that row of X. Weight rows are read
// from memory once per call, for all batch rows together.
void matmul(const MatrixView& w, const float* x, int batch, float* y);

// The same on a chosen path (tests and benchmarks); `isa` must be supported.
void matmul(const MatrixView& w, const float* x, int batch, float* y, KernelIsa isa);

// One output element on the scalar reference path.
float dot_row(const MatrixView& w, int row, const float* x);

// Throws peng::Error when the view cannot be multiplied (missing scales, MXFP4
// columns not a multiple of 32, a scale grid narrower than the columns).
void check_matrix_view(const MatrixView& w);

}  // namespace peng
