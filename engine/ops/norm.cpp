#include "ops/norm.h"

#include <cmath>
#include <cstddef>

namespace peng::ops {

void rms_norm(const float* x, const float* weight, float eps, int n, float* y) {
    // Eight running sums merged pairwise, then the tail: the order is part of the output.
    float lanes[8] = {};
    int i = 0;
    for (; i + 8 <= n; i += 8)
        for (int j = 0; j < 8; ++j) lanes[j] += x[i + j] * x[i + j];
    float sum = ((lanes[0] + lanes[4]) + (lanes[1] + lanes[5])) + ((lanes[2] + lanes[6]) + (lanes[3] + lanes[7]));
    for (; i < n; ++i) sum += x[i] * x[i];
    const float inv = 1.0f / std::sqrt(sum / static_cast<float>(n) + eps);
    for (int k = 0; k < n; ++k) y[k] = weight[k] * (x[k] * inv);
}

void rms_norm_rows(const float* x, const float* weight, float eps, int rows, int n, float* y) {
    for (int r = 0; r < rows; ++r) rms_norm(x + size_t(r) * n, weight, eps, n, y + size_t(r) * n);
}

}  // namespace peng::ops
