#pragma once
// The per-element math of the GPU kernels, written once for the device and the host.
// nvcc compiles it into the kernels; g++ compiles it into a unit test that checks it,
// lane by lane, against the quant decoders and the CPU kernels (no GPU needed). Each
// function follows the fixed order of kernels/lane_order.h for one of the 32 lanes,
// so a warp (one thread per lane, halving reduction) computes a row's dot product
// with the same f32 operations as the CPU.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/lane_order.h"
#include "kernels/matrix.h"

#if defined(__CUDACC__)
#define PENG_HD __host__ __device__ __forceinline__
#else
#define PENG_HD inline
#endif

namespace peng::device_math {

constexpr int kLanes = kernels::kLanes;
constexpr int kFp8Block = kernels::kFp8Block;
constexpr int kMxfp4Group = kernels::kMxfp4Group;

PENG_HD float from_bits(uint32_t bits) {
#if defined(__CUDA_ARCH__)
    return __uint_as_float(bits);
#else
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
#endif
}

PENG_HD uint32_t to_bits(float f) {
#if defined(__CUDA_ARCH__)
    return __float_as_uint(f);
#else
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return bits;
#endif
}

// One rounding, as the CPU's explicit fma (both are IEEE fused multiply-adds).
PENG_HD float fma_f32(float a, float b, float c) {
#if defined(__CUDA_ARCH__)
    return fmaf(a, b, c);
#else
    return std::fma(a, b, c);
#endif
}

PENG_HD float bf16_widen(uint16_t bits) { return from_bits(uint32_t(bits) << 16); }

// e4m3fn (spec 4.3): exponent 0 is subnormal m * 2^-9; 0x7F/0xFF are NaN.
PENG_HD float fp8_e4m3(uint8_t code) {
    const uint32_t sign = uint32_t(code >> 7) << 31;
    const uint32_t exponent = (code >> 3) & 0xF, mantissa = code & 0x7;
    if (exponent == 0xF && mantissa == 0x7) return from_bits(sign | 0x7FC00000u);
    if (exponent == 0) return from_bits(sign | to_bits(float(mantissa) * 0.001953125f));
    return from_bits(sign | ((exponent - 7 + 127) << 23) | (mantissa << 20));
}

// e2m1 (spec 4.4): bit 3 sign, then 0, 0.5, 1, 1.5, 2, 3, 4, 6.
PENG_HD float e2m1(uint8_t nibble) {
    const uint32_t sign = uint32_t(nibble & 0x8) << 28;
    const uint32_t exponent = (nibble >> 1) & 0x3, mantissa = nibble & 0x1;
    if (exponent == 0) return from_bits(sign | (mantissa ? 0x3F000000u : 0u));
    return from_bits(sign | ((exponent - 1 + 127) << 23) | (mantissa << 22));
}

// E8M0 group scale 2^(s - 127); 0 is the subnormal 2^-127, 255 is NaN.
PENG_HD float e8m0(uint8_t s) {
    if (s == 0xFF) return from_bits(0x7FC00000u);
    if (s == 0) return from_bits(0x00400000u);
    return from_bits(uint32_t(s) << 23);
}

PENG_HD int padded_cols(int cols) { return (cols + kLanes - 1) / kLanes * kLanes; }

// The MXFP4 column, within its 32-column group, that `lane` accumulates.
PENG_HD int mxfp4_column_of_lane(int lane) { return lane < 16 ? 2 * lane : 2 * (lane - 16) + 1; }

PENG_HD float dense_element(const MatrixView& w, const uint8_t* row, int c) {
    if (w.format == WeightFormat::F32) {
#if defined(__CUDA_ARCH__)
        return reinterpret_cast<const float*>(row)[c];
#else
        float v;
        std::memcpy(&v, row + 4 * size_t(c), 4);
        return v;
#endif
    }
#if defined(__CUDA_ARCH__)
    return bf16_widen(reinterpret_cast<const uint16_t*>(row)[c]);
#else
    uint16_t bits;
    std::memcpy(&bits, row + 2 * size_t(c), 2);
    return bf16_widen(bits);
#endif
}

// Lane `lane`'s accumulator for row `row` of W times x: columns lane, lane+32, ...
// over the zero-padded row (padding adds fma(0, 0, acc), as on the CPU).
PENG_HD float lane_sum_dense(const MatrixView& w, int row, const float* x, int lane) {
    const size_t element_bytes = w.format == WeightFormat::F32 ? 4 : 2;
    const uint8_t* bytes = w.data + size_t(row) * size_t(w.cols) * element_bytes;
    float acc = 0.0f;
    for (int c = lane; c < padded_cols(w.cols); c += kLanes) {
        const bool real = c < w.cols;
        acc = fma_f32(real ? dense_element(w, bytes, c) : 0.0f, real ? x[c] : 0.0f, acc);
    }
    return acc;
}

// FP8 block: each 128-column block sums into a fresh `part`, then
// total = fma(part, scale[block], total).
PENG_HD float lane_sum_fp8(const MatrixView& w, int row, const float* x, int lane) {
    const uint8_t* codes = w.data + size_t(row) * size_t(w.cols);
    const float* scales =
        w.block_scales + size_t(w.scale_row ? w.scale_row[row] : row / kFp8Block) * size_t(w.scale_cols);
    const int padded = padded_cols(w.cols);
    float total = 0.0f;
    for (int begin = 0, block = 0; begin < w.cols; begin += kFp8Block, ++block) {
        const int end = begin + kFp8Block < padded ? begin + kFp8Block : padded;
        float part = 0.0f;
        for (int c = begin + lane; c < end; c += kLanes) {
            const bool real = c < w.cols;
            part = fma_f32(real ? fp8_e4m3(codes[c]) : 0.0f, real ? x[c] : 0.0f, part);
        }
        total = fma_f32(part, scales[block], total);
    }
    return total;
}

// MXFP4: the weight is e2m1 * 2^(s-127) as one f32 multiply, then one fma.
PENG_HD float lane_sum_mxfp4(const MatrixView& w, int row, const float* x, int lane) {
    const uint8_t* codes = w.data + size_t(row) * size_t(w.cols / 2);
    const uint8_t* scales = w.group_scales + size_t(row) * size_t(w.cols / kMxfp4Group);
    const int i = mxfp4_column_of_lane(lane);
    float acc = 0.0f;
    for (int group = 0; group < w.cols / kMxfp4Group; ++group) {
        const int c = group * kMxfp4Group + i;
        const uint8_t byte = codes[c / 2];
        const float weight = e2m1((c & 1) ? uint8_t(byte >> 4) : uint8_t(byte & 0xF)) * e8m0(scales[group]);
        acc = fma_f32(weight, x[c], acc);
    }
    return acc;
}

PENG_HD float lane_sum(const MatrixView& w, int row, const float* x, int lane) {
    switch (w.format) {
        case WeightFormat::FP8Block: return lane_sum_fp8(w, row, x, lane);
        case WeightFormat::MXFP4: return lane_sum_mxfp4(w, row, x, lane);
        default: return lane_sum_dense(w, row, x, lane);
    }
}

// silu(v) = v / (1 + e^-v). The device's expf and the host's std::exp may differ in
// the last bit, which is why the GPU path is not labelled byte-identical.
PENG_HD float silu(float v) {
#if defined(__CUDA_ARCH__)
    return v / (1.0f + expf(-v));
#else
    return v / (1.0f + std::exp(-v));
#endif
}

}  // namespace peng::device_math
