#include "gen/fp8_encoder.h"

#include <algorithm>
#include <cmath>

namespace peng::gen {

void quantize_fp8_band(const float* values, int64_t rows, int64_t cols, uint8_t* codes,
                       float* scale_inv_row) {
    for (int64_t c0 = 0; c0 < cols; c0 += kFp8Block) {
        const int64_t c1 = std::min<int64_t>(c0 + kFp8Block, cols);
        float amax = 0.0f;
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = c0; c < c1; ++c) amax = std::max(amax, std::fabs(values[r * cols + c]));
        // An all-zero block would give a zero scale; any positive scale encodes it as zeros.
        const float scale = amax > 0.0f ? amax / kFp8Max : 1.0f;
        const float inverse = 1.0f / scale;
        scale_inv_row[c0 / kFp8Block] = scale;
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = c0; c < c1; ++c)
                codes[r * cols + c] = encode_e4m3(values[r * cols + c] * inverse);
    }
}

}  // namespace peng::gen
