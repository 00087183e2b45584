#pragma once
// Scalar reference decoders for the weight encodings of MiMo-V2 checkpoints (spec 4.3, 4.4).
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace peng {

inline float bf16_to_f32(uint16_t bits) {
    uint32_t wide = static_cast<uint32_t>(bits) << 16;
    float out;
    std::memcpy(&out, &wide, 4);
    return out;
}

// e4m3fn: sign, 4 exponent bits (bias 7), 3 mantissa bits; exponent 0 is subnormal
// (m/8 * 2^-6); 0x7F and 0xFF are NaN; there is no infinity; the largest value is 448.
inline float fp8_e4m3_to_f32_scalar(uint8_t code) {
    const int sign = code >> 7, exponent = (code >> 3) & 0xF, mantissa = code & 0x7;
    float magnitude;
    if (exponent == 0xF && mantissa == 0x7) magnitude = NAN;
    else if (exponent == 0) magnitude = std::ldexp(static_cast<float>(mantissa) / 8.0f, -6);
    else magnitude = std::ldexp(1.0f + static_cast<float>(mantissa) / 8.0f, exponent - 7);
    return sign ? -magnitude : magnitude;
}

// The 256-entry table the kernels use; equal to the scalar decoder by construction.
const std::array<float, 256>& fp8_e4m3_table();

// e2m1 (FP4): bit 3 = sign, then 0, 0.5, 1, 1.5, 2, 3, 4, 6.
inline float e2m1_to_f32(uint8_t nibble) {
    static constexpr float kMagnitudes[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    const float m = kMagnitudes[nibble & 0x7];
    return (nibble & 0x8) ? -m : m;
}

// E8M0 shared scale: 2^(s - 127). 255 is NaN in OCP MX; the release never stores it.
inline float e8m0_to_f32(uint8_t s) {
    if (s == 0xFF) return NAN;
    return std::ldexp(1.0f, static_cast<int>(s) - 127);
}

// MXFP4 row element: byte j holds column 2j in its low nibble and 2j+1 in its high one.
inline float mxfp4_element(const uint8_t* row_codes, const uint8_t* row_scales, int column) {
    const uint8_t byte = row_codes[column / 2];
    const uint8_t nibble = (column & 1) ? (byte >> 4) : (byte & 0xF);
    return e2m1_to_f32(nibble) * e8m0_to_f32(row_scales[column / 32]);
}

}  // namespace peng
