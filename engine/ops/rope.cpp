#include "ops/rope.h"

#include <cmath>

namespace peng::ops {

void apply_rope(float* head, int rope_dim, double theta, int pos) {
    const int half = rope_dim / 2;
    for (int i = 0; i < half; ++i) {
        // The frequency in double, then f32, as the reference computes it.
        const float inv_freq = static_cast<float>(1.0 / std::pow(theta, (2.0 * i) / rope_dim));
        const float angle = static_cast<float>(pos) * inv_freq;
        const float c = std::cos(angle), s = std::sin(angle);
        const float a = head[i], b = head[i + half];
        head[i] = a * c - b * s;
        head[i + half] = b * c + a * s;
    }
}

}  // namespace peng::ops
