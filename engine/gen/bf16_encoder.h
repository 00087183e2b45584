#pragma once
// float -> bfloat16 with round-to-nearest-even, the rounding PyTorch uses when a
// released checkpoint's BF16 tensors were written.
#include <bit>
#include <cstdint>

namespace peng::gen {

inline uint16_t encode_bf16(float x) {
    uint32_t bits = std::bit_cast<uint32_t>(x);
    if ((bits & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((bits >> 16) | 0x40);  // quiet NaN
    bits += 0x7FFFu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(bits >> 16);
}

}  // namespace peng::gen
