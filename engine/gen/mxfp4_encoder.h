#pragma once
// MXFP4 encoding of V2.6's routed experts (spec 4.4): e2m1 values packed two per
// byte (even column in the low nibble) with one E8M0 power-of-two scale per 32
// consecutive columns of a row.
#include <cmath>
#include <cstdint>

namespace peng::gen {

inline constexpr int kMxfp4Block = 32;
inline constexpr float kE2m1Max = 6.0f;

// Nearest e2m1 code (bit 3 = sign; magnitudes 0, .5, 1, 1.5, 2, 3, 4, 6), ties to
// the even code, saturating at 6. Zero is always encoded as +0.
inline uint8_t encode_e2m1(float x) {
    // Each comparison passes one rounding midpoint; strict or not by which neighbour
    // has the even code. Branch-free: random weights would defeat a branch predictor.
    const float a = std::fabs(x);
    const uint8_t code = static_cast<uint8_t>((a > 0.25f) + (a >= 0.75f) + (a > 1.25f) + (a >= 1.75f) +
                                              (a > 2.5f) + (a >= 3.5f) + (a > 5.0f));
    return static_cast<uint8_t>(code | ((code != 0 && std::signbit(x)) ? 0x8 : 0));
}

// The smallest E8M0 exponent byte s (factor 2^(s-127)) with amax / 2^(s-127) <= 6,
// clamped to the representable 0..254 (255 is NaN in E8M0).
uint8_t choose_e8m0_scale(float block_amax);

// Encodes one row of `cols` values (a multiple of 32): cols/2 packed bytes and
// cols/32 scale bytes.
void quantize_mxfp4_row(const float* values, int64_t cols, uint8_t* packed, uint8_t* scales);

}  // namespace peng::gen
