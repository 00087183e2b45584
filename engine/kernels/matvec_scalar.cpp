// The scalar path: the fixed order of kernels/lane_order.h written out plainly.
// It is the reference the SIMD paths are tested against, byte for byte.
#include <cmath>
#include <cstring>

#include "kernels/matvec_paths.h"
#include "kernels/reference_math.h"
#include "quant/formats.h"

namespace peng::kernels {

namespace {

// Decoded weight of column c (< cols) of a row in a per-element format.
float element(const MatrixView& w, const uint8_t* row_bytes, int c) {
    if (w.format == WeightFormat::F32) {
        float v;
        std::memcpy(&v, row_bytes + 4 * size_t(c), 4);
        return v;
    }
    uint16_t bits;
    std::memcpy(&bits, row_bytes + 2 * size_t(c), 2);
    return bf16_to_f32(bits);
}

int padded(int cols) { return (cols + kLanes - 1) / kLanes * kLanes; }

float dot_dense(const MatrixView& w, int row, const float* x) {
    const uint8_t* row_bytes = w.data + size_t(row) * w.cols * (w.format == WeightFormat::F32 ? 4 : 2);
    float acc[kLanes] = {};
    for (int c = 0; c < padded(w.cols); ++c) {
        const bool real = c < w.cols;
        acc[c % kLanes] = std::fma(real ? element(w, row_bytes, c) : 0.0f, real ? x[c] : 0.0f, acc[c % kLanes]);
    }
    return reduce_lanes(acc);
}

float dot_fp8_block(const MatrixView& w, int row, const float* x) {
    const auto& table = fp8_e4m3_table();
    const uint8_t* codes = w.data + size_t(row) * w.cols;
    const float* scales = w.block_scales + size_t(w.scale_row ? w.scale_row[row] : row / kFp8Block) * w.scale_cols;
    float total[kLanes] = {};
    for (int begin = 0, block = 0; begin < w.cols; begin += kFp8Block, ++block) {
        const int end = begin + kFp8Block < padded(w.cols) ? begin + kFp8Block : padded(w.cols);
        float part[kLanes] = {};
        for (int c = begin; c < end; ++c) {
            const bool real = c < w.cols;
            part[c % kLanes] = std::fma(real ? table[codes[c]] : 0.0f, real ? x[c] : 0.0f, part[c % kLanes]);
        }
        for (int j = 0; j < kLanes; ++j) total[j] = std::fma(part[j], scales[block], total[j]);
    }
    return reduce_lanes(total);
}

float dot_mxfp4(const MatrixView& w, int row, const float* x) {
    const uint8_t* codes = w.data + size_t(row) * (w.cols / 2);
    const uint8_t* scales = w.group_scales + size_t(row) * (w.cols / kMxfp4Group);
    float acc[kLanes] = {};
    for (int group = 0; group < w.cols / kMxfp4Group; ++group) {
        const float scale = e8m0_to_f32(scales[group]);
        for (int i = 0; i < kMxfp4Group; ++i) {
            const int c = group * kMxfp4Group + i;
            const uint8_t byte = codes[c / 2];
            const float weight = e2m1_to_f32((c & 1) ? byte >> 4 : byte & 0xF) * scale;
            acc[mxfp4_lane(i)] = std::fma(weight, x[c], acc[mxfp4_lane(i)]);
        }
    }
    return reduce_lanes(acc);
}

}  // namespace

float dot_row_scalar(const MatrixView& w, int row, const float* x) {
    switch (w.format) {
        case WeightFormat::F32:
        case WeightFormat::BF16: return dot_dense(w, row, x);
        case WeightFormat::FP8Block: return dot_fp8_block(w, row, x);
        case WeightFormat::MXFP4: return dot_mxfp4(w, row, x);
    }
    return 0;
}

void matmul_rows_scalar(const MatrixView& w, const float* x, int batch, float* y, int row_begin, int row_end) {
    for (int r = row_begin; r < row_end; ++r)
        for (int b = 0; b < batch; ++b) y[size_t(b) * w.rows + r] = dot_row_scalar(w, r, x + size_t(b) * w.cols);
}

}  // namespace peng::kernels
