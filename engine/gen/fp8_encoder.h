#pragma once
// FP8 e4m3fn encoding and the DeepSeek-style 128x128 block quantizer that the
// released MiMo checkpoints use for their dense matrices (spec 4.3).
#include <bit>
#include <cstdint>

namespace peng::gen {

inline constexpr float kFp8Max = 448.0f;
inline constexpr int kFp8Block = 128;

// Round to the nearest e4m3fn value (ties to even), saturating at +-448.
// NaN becomes 0x7F (e4m3fn has no infinity). Branch-free: it runs once per
// weight of a multi-GB checkpoint.
inline uint8_t encode_e4m3(float x) {
    const uint32_t bits = std::bit_cast<uint32_t>(x);
    const uint32_t sign = (bits >> 24) & 0x80;
    const uint32_t mag = bits & 0x7FFFFFFFu;
    // Normal range: keep 3 of the 23 mantissa bits, rounding half to even, then
    // rebias the exponent from 127 to 7. Overflow (and infinity) saturate below.
    const uint32_t rounded = mag + 0x7FFFFu + ((mag >> 20) & 1u);
    const int32_t normal = int32_t(rounded >> 20) - int32_t((127u - 7u) << 3);
    // Below 2^-6 the steps are 2^-9: adding 2^23 to |x| * 512 rounds it to an
    // integer (half to even) in the low mantissa bits. 8 steps = code 0x08, the smallest normal.
    const float scaled = std::bit_cast<float>(mag) * 512.0f + 8388608.0f;
    const int32_t subnormal = int32_t(std::bit_cast<uint32_t>(scaled) - 0x4B000000u);
    int32_t code = mag < 0x3C800000u ? subnormal : normal;  // 0x3C800000 = 2^-6
    code = code > 0x7E ? 0x7E : code;
    code = mag > 0x7F800000u ? 0x7F : code;  // NaN
    return static_cast<uint8_t>(uint32_t(code) | sign);
}

// Quantizes a band of up to 128 rows (row-major, `cols` wide) as one row of the
// block grid: for each 128-column block, scale_inv = amax / 448 and
// code = e4m3(w / scale_inv), so that dequantization is code * scale_inv.
// Writes rows*cols codes and ceil(cols/128) scales.
void quantize_fp8_band(const float* values, int64_t rows, int64_t cols, uint8_t* codes,
                       float* scale_inv_row);

}  // namespace peng::gen
