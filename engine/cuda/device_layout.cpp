#include "cuda/device_layout.h"

#include <algorithm>

namespace peng {

uint64_t device_bytes(const MatrixView& w) {
    const uint64_t n = uint64_t(w.rows) * uint64_t(w.cols);
    switch (w.format) {
        case WeightFormat::F32: return device_aligned(n * 4);
        case WeightFormat::BF16: return device_aligned(n * 2);
        case WeightFormat::MXFP4: return device_aligned(n / 2) + device_aligned(n / 32);
        case WeightFormat::FP8Block: {
            uint64_t grid_rows = (uint64_t(w.rows) + 127) / 128;
            if (w.scale_row) grid_rows = uint64_t(*std::max_element(w.scale_row, w.scale_row + w.rows)) + 1;
            const uint64_t map = w.scale_row ? device_aligned(uint64_t(w.rows) * 4) : 0;
            return device_aligned(n) + device_aligned(grid_rows * uint64_t(w.scale_cols) * 4) + map;
        }
    }
    return 0;
}

}  // namespace peng
