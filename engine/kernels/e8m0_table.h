#pragma once
// E8M0 scale byte -> f32 as compile-time data, usable from any translation unit
// (the SIMD ones included). Equal bit for bit to e8m0_to_f32 (tests check all 256).
#include <cstdint>

namespace peng::kernels {

struct E8m0Table {
    float value[256];
};

constexpr E8m0Table make_e8m0_table() {
    E8m0Table t{};
    for (uint32_t s = 0; s < 256; ++s) {
        // 2^(s-127): s = 0 is the subnormal 2^-127; 255 is NaN.
        const uint32_t bits = s == 0 ? 0x00400000u : s == 255 ? 0x7FC00000u : s << 23;
        t.value[s] = __builtin_bit_cast(float, bits);
    }
    return t;
}

inline constexpr E8m0Table kE8m0 = make_e8m0_table();

}  // namespace peng::kernels
