#pragma once
// RMS normalisation (spec 3.1): y = weight * x / sqrt(mean(x^2) + eps), in f32, with the
// sum of squares in a fixed lane order so a row's bytes do not depend on its block.
namespace peng::ops {

// One row of n values; x and y may not overlap.
void rms_norm(const float* x, const float* weight, float eps, int n, float* y);

// `rows` rows of n values each, row after row.
void rms_norm_rows(const float* x, const float* weight, float eps, int rows, int n, float* y);

}  // namespace peng::ops
