#pragma once
// Matrix-vector and batched products over MatrixView. Every output element is
// accumulated in one fixed order that depends neither on the thread count nor on
// the batch size, so blocked prefill and one-token decode give identical bytes.
#include "kernels/matrix.h"

namespace peng {

// y[r] = sum_c W[r][c] * x[c] for r in [0, rows).
void matvec(const MatrixView& w, const float* x, float* y);

// Y[b][r] = sum_c W[r][c] * X[b][c]; X is [batch x cols], Y is [batch x rows].
// Each element equals what matvec gives for that row of X.
void matmul(const MatrixView& w, const float* x, int batch, float* y);

// One output element: the fixed-order dot product every kernel agrees with.
float dot_row(const MatrixView& w, int row, const float* x);

}  // namespace peng
