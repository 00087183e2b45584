#pragma once
// The residual stream's updates: a branch added to it, and a weighted term (one routed
// expert's output) added to a sum.
#include <cstddef>

namespace peng::ops {

// x[r] += branch[r] for `rows` rows of n values. Returns the first row whose sum is
// NaN or infinite, or -1: the test rides on the add, one pass over the state a layer
// writes anyway, and changes no value.
int add_branch(float* x, const float* branch, int rows, int n);

// sum[i] += weight * term[i] for i < n (a product, then a sum: never fused).
void add_scaled(float* sum, float weight, const float* term, size_t n);

// x[i] *= factor for i < n.
void scale(float* x, float factor, size_t n);

// True when every one of the n values is finite.
bool all_finite(const float* x, size_t n);

}  // namespace peng::ops
