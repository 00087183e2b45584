#include "kernels/matvec.h"

#include <cmath>
#include <cstring>

#include "quant/formats.h"

namespace peng {

namespace {

// Eight interleaved partial sums, reduced pairwise: a fixed order that the compiler
// can keep in one vector register.
struct Lanes {
    float acc[8] = {};
    float reduce() const {
        return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
    }
};

float dot_f32(const uint8_t* row_bytes, const float* x, int cols) {
    Lanes lanes;
    int c = 0;
    for (; c + 8 <= cols; c += 8)
        for (int j = 0; j < 8; ++j) {
            float w;
            std::memcpy(&w, row_bytes + 4 * (c + j), 4);
            lanes.acc[j] += w * x[c + j];
        }
    float tail = 0;
    for (; c < cols; ++c) {
        float w;
        std::memcpy(&w, row_bytes + 4 * c, 4);
        tail += w * x[c];
    }
    return lanes.reduce() + tail;
}

float dot_bf16(const uint8_t* row_bytes, const float* x, int cols) {
    Lanes lanes;
    int c = 0;
    for (; c + 8 <= cols; c += 8)
        for (int j = 0; j < 8; ++j) {
            uint16_t bits;
            std::memcpy(&bits, row_bytes + 2 * (c + j), 2);
            lanes.acc[j] += bf16_to_f32(bits) * x[c + j];
        }
    float tail = 0;
    for (; c < cols; ++c) {
        uint16_t bits;
        std::memcpy(&bits, row_bytes + 2 * c, 2);
        tail += bf16_to_f32(bits) * x[c];
    }
    return lanes.reduce() + tail;
}

// Per 128-column block: sum fp8 * x, then multiply the block sum by its scale.
float dot_fp8_block(const MatrixView& w, int row, const float* x) {
    const auto& table = fp8_e4m3_table();
    const uint8_t* codes = w.data + static_cast<uint64_t>(row) * w.cols;
    const float* scales = w.block_scales + static_cast<uint64_t>(w.scale_row ? w.scale_row[row] : row / 128) * w.scale_cols;
    float total = 0;
    for (int block = 0; block * 128 < w.cols; ++block) {
        const int begin = block * 128, end = begin + 128 < w.cols ? begin + 128 : w.cols;
        Lanes lanes;
        int c = begin;
        for (; c + 8 <= end; c += 8)
            for (int j = 0; j < 8; ++j) lanes.acc[j] += table[codes[c + j]] * x[c + j];
        float tail = 0;
        for (; c < end; ++c) tail += table[codes[c]] * x[c];
        total += (lanes.reduce() + tail) * scales[block];
    }
    return total;
}

// Per 32-column group: sum e2m1 * x, then scale by the group's power of two.
float dot_mxfp4(const MatrixView& w, int row, const float* x) {
    const uint8_t* codes = w.data + static_cast<uint64_t>(row) * (w.cols / 2);
    const uint8_t* scales = w.group_scales + static_cast<uint64_t>(row) * (w.cols / 32);
    float total = 0;
    for (int group = 0; group < w.cols / 32; ++group) {
        Lanes lanes;
        const uint8_t* g = codes + group * 16;
        const float* xg = x + group * 32;
        for (int j = 0; j < 16; j += 4)
            for (int k = 0; k < 4; ++k) {
                lanes.acc[2 * k] += e2m1_to_f32(g[j + k] & 0xF) * xg[2 * (j + k)];
                lanes.acc[2 * k + 1] += e2m1_to_f32(g[j + k] >> 4) * xg[2 * (j + k) + 1];
            }
        total += lanes.reduce() * e8m0_to_f32(scales[group]);
    }
    return total;
}

}  // namespace

uint64_t MatrixView::weight_bytes() const {
    const uint64_t n = static_cast<uint64_t>(rows) * cols;
    switch (format) {
        case WeightFormat::F32: return n * 4;
        case WeightFormat::BF16: return n * 2;
        case WeightFormat::FP8Block: return n;
        case WeightFormat::MXFP4: return n / 2 + n / 32;
    }
    return 0;
}

float dot_row(const MatrixView& w, int row, const float* x) {
    switch (w.format) {
        case WeightFormat::F32: return dot_f32(w.data + static_cast<uint64_t>(row) * w.cols * 4, x, w.cols);
        case WeightFormat::BF16: return dot_bf16(w.data + static_cast<uint64_t>(row) * w.cols * 2, x, w.cols);
        case WeightFormat::FP8Block: return dot_fp8_block(w, row, x);
        case WeightFormat::MXFP4: return dot_mxfp4(w, row, x);
    }
    return 0;
}

void matvec(const MatrixView& w, const float* x, float* y) {
#pragma omp parallel for schedule(static) if (static_cast<uint64_t>(w.rows) * w.cols > (1u << 16))
    for (int r = 0; r < w.rows; ++r) y[r] = dot_row(w, r, x);
}

void matmul(const MatrixView& w, const float* x, int batch, float* y) {
    if (batch == 1) return matvec(w, x, y);
#pragma omp parallel for schedule(static) if (static_cast<uint64_t>(w.rows) * w.cols * batch > (1u << 16))
    for (int r = 0; r < w.rows; ++r)
        for (int b = 0; b < batch; ++b)
            y[static_cast<uint64_t>(b) * w.rows + r] = dot_row(w, r, x + static_cast<uint64_t>(b) * w.cols);
}

}  // namespace peng
