#pragma once
// A read-only view of one weight matrix in its released encoding. Kernels compute
// y = W x straight from these bytes; nothing is dequantized ahead of time.
#include <cstdint>

namespace peng {

enum class WeightFormat { F32, BF16, FP8Block, MXFP4 };

// "f32", "bf16", "fp8" or "mxfp4", as reports and test names spell them.
const char* weight_format_name(WeightFormat format);

struct MatrixView {
    WeightFormat format = WeightFormat::F32;
    int rows = 0, cols = 0;
    const uint8_t* data = nullptr;   // row-major; MXFP4 rows are cols/2 bytes
    // FP8Block: F32 grid [*, ceil(cols/128)], row r uses grid row scale_row[r] (or r/128 when null).
    const float* block_scales = nullptr;
    int scale_cols = 0;
    const int32_t* scale_row = nullptr;
    // MXFP4: E8M0 bytes [rows, cols/32].
    const uint8_t* group_scales = nullptr;

    uint64_t weight_bytes() const;
    // Rows [begin, end) as a matrix of their own; their products are the same bytes.
    // A non-empty FP8Block range without scale_row starts on a 128-row scale block.
    MatrixView row_range(int begin, int end) const;
};

}  // namespace peng
