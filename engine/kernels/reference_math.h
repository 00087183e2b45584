#pragma once
// Scalar building blocks of the fixed order (kernels/lane_order.h). The scalar path
// and the tests use them; the SIMD paths perform the same operations lane by lane.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "kernels/lane_order.h"

namespace peng::kernels {
// Internal linkage: every translation unit keeps its own copy, compiled with its own
// flags, so the kernels' copies (built with -ffp-contract=off) are never swapped
// for one from elsewhere by the linker.
namespace {

// x86 MAXPS/MINPS semantics: the second operand wins on ties and NaN.
inline float max_ps(float a, float b) { return a > b ? a : b; }
inline float min_ps(float a, float b) { return a < b ? a : b; }

// The halving reduction of 32 lanes.
inline float reduce_lanes(const float* acc) {
    float v[16];
    for (int j = 0; j < 16; ++j) v[j] = acc[j] + acc[j + 16];
    for (int width = 8; width >= 1; width /= 2)
        for (int j = 0; j < width; ++j) v[j] = v[j] + v[j + width];
    return v[0];
}

inline float exp_fixed(float x) {
    using namespace exp_constants;
    float xc = min_ps(kHi, max_ps(kLo, x));
    float t = xc * kLog2e;
    t = t + kRoundMagic;
    const float n = t - kRoundMagic;
    float r = std::fma(-n, kLn2Hi, xc);
    r = std::fma(-n, kLn2Lo, r);
    float p = kPoly[0];
    for (int k = 1; k < 6; ++k) p = std::fma(p, r, kPoly[k]);
    float y = std::fma(p, r * r, r);
    y = y + 1.0f;
    int32_t t_bits, magic_bits;
    std::memcpy(&t_bits, &t, 4);
    std::memcpy(&magic_bits, &kRoundMagic, 4);
    const uint32_t pow_bits = static_cast<uint32_t>(t_bits - magic_bits + 127) << 23;
    float pow2n;
    std::memcpy(&pow2n, &pow_bits, 4);
    const float result = y * pow2n;
    return x < kLo ? 0.0f : result;
}

}  // namespace
}  // namespace peng::kernels
