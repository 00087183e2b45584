#include "gen/mxfp4_encoder.h"

#include <algorithm>

namespace peng::gen {

uint8_t choose_e8m0_scale(float block_amax) {
    if (!(block_amax > 0.0f) || !std::isfinite(block_amax)) return 0;
    int exponent = 0;
    const double fraction = std::frexp(static_cast<double>(block_amax) / kE2m1Max, &exponent);
    // ratio = fraction * 2^exponent with fraction in [0.5, 1): 2^exponent covers it,
    // and 2^(exponent-1) does too when the ratio is exactly a power of two.
    int power = fraction == 0.5 ? exponent - 1 : exponent;
    while (std::ldexp(static_cast<double>(block_amax), -power) > kE2m1Max) ++power;
    return static_cast<uint8_t>(std::clamp(power + 127, 0, 254));
}

void quantize_mxfp4_row(const float* values, int64_t cols, uint8_t* packed, uint8_t* scales) {
    for (int64_t c0 = 0; c0 < cols; c0 += kMxfp4Block) {
        const float* block = values + c0;
        float amax = 0.0f;
        for (int i = 0; i < kMxfp4Block; ++i) amax = std::max(amax, std::fabs(block[i]));
        const uint8_t scale = choose_e8m0_scale(amax);
        scales[c0 / kMxfp4Block] = scale;
        const float inverse = std::ldexp(1.0f, 127 - static_cast<int>(scale));
        uint8_t codes[kMxfp4Block];  // separate pass so the encoding loop vectorizes
        for (int i = 0; i < kMxfp4Block; ++i) codes[i] = encode_e2m1(block[i] * inverse);
        for (int i = 0; i < kMxfp4Block; i += 2)
            packed[(c0 + i) / 2] = static_cast<uint8_t>(codes[i] | (codes[i + 1] << 4));
    }
}

}  // namespace peng::gen
