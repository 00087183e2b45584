// Entry points of the matrix kernels: validate the view, lay the activations out as
// the SIMD paths read them, and spread row ranges over OpenMP threads. Each output
// element is computed whole by one thread in the fixed order, so the split does not
// show in the bytes.
#include "kernels/matvec.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/lane_order.h"
#include "kernels/matvec_paths.h"
#include "util/error.h"

namespace peng {

const char* weight_format_name(WeightFormat format) {
    switch (format) {
        case WeightFormat::F32: return "f32";
        case WeightFormat::BF16: return "bf16";
        case WeightFormat::FP8Block: return "fp8";
        case WeightFormat::MXFP4: return "mxfp4";
    }
    return "?";
}

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

MatrixView MatrixView::row_range(int begin, int end) const {
    if (begin < 0 || end < begin || end > rows)
        throw Error("rows [" + std::to_string(begin) + ", " + std::to_string(end) + ") of a matrix with " +
                    std::to_string(rows) + " rows");
    MatrixView part = *this;
    part.rows = end - begin;
    const uint64_t first = static_cast<uint64_t>(begin) * cols;  // weights before the range
    switch (format) {
        case WeightFormat::F32: part.data = data + first * 4; break;
        case WeightFormat::BF16: part.data = data + first * 2; break;
        case WeightFormat::MXFP4:
            part.data = data + first / 2;
            part.group_scales = group_scales + first / kernels::kMxfp4Group;
            break;
        case WeightFormat::FP8Block:
            part.data = data + first;
            if (scale_row) part.scale_row = scale_row + begin;
            else if (begin % kernels::kFp8Block == 0 || begin == end)
                part.block_scales = block_scales + static_cast<size_t>(begin / kernels::kFp8Block) * scale_cols;
            else throw Error("FP8 rows must start on a " + std::to_string(kernels::kFp8Block) + "-row scale block");
            break;
    }
    return part;
}

void check_matrix_view(const MatrixView& w) {
    auto fail = [&](const std::string& why) {
        throw Error("matrix " + std::to_string(w.rows) + "x" + std::to_string(w.cols) + ": " + why);
    };
    if (w.rows < 0 || w.cols < 0) fail("negative shape");
    if (w.rows > 0 && w.cols > 0 && !w.data) fail("no weight bytes");
    if (w.format == WeightFormat::FP8Block) {
        if (!w.block_scales && w.rows > 0) fail("FP8 without block scales");
        if (w.scale_cols < (w.cols + kernels::kFp8Block - 1) / kernels::kFp8Block) fail("FP8 scale grid too narrow");
    }
    if (w.format == WeightFormat::MXFP4) {
        if (w.cols % kernels::kMxfp4Group) fail("MXFP4 columns must be a multiple of 32");
        if (!w.group_scales && w.rows > 0) fail("MXFP4 without group scales");
    }
}

namespace {

using kernels::Activations;
using kernels::kLanes;

// FP8 takes its weights' 2^120 rebias on the activations when that is exact: every
// value finite and below 256 in magnitude (NaN fails the test too). The scaled copy
// costs one pass over x; it saves a multiply per weight.
bool fp8_can_unbias(const float* x, size_t count) {
    bool small = true;
    for (size_t i = 0; i < count; ++i) small &= std::fabs(x[i]) < kernels::kFp8UnbiasedLimit;
    return small;
}

// The activations in the SIMD layout: zero-padded rows, MXFP4 groups split into
// even then odd columns, FP8 rows scaled by 2^120 where exact. Rows already in that
// layout are used in place.
Activations simd_activations(const MatrixView& w, const float* x, int batch, std::vector<float>& buffer) {
    const int cols = w.cols;
    const size_t stride = size_t(cols + kLanes - 1) / kLanes * kLanes;
    const bool unbiased = w.format == WeightFormat::FP8Block && fp8_can_unbias(x, size_t(cols) * batch);
    if (!unbiased && w.format != WeightFormat::MXFP4 && stride == size_t(cols)) return {x, stride, batch};
    buffer.assign(stride * batch, 0.0f);
    for (int b = 0; b < batch; ++b) {
        const float* src = x + size_t(b) * cols;
        float* dst = buffer.data() + size_t(b) * stride;
        if (unbiased)
            for (int c = 0; c < cols; ++c) dst[c] = src[c] * kernels::kFp8Rebias;
        else if (w.format != WeightFormat::MXFP4)
            std::copy(src, src + cols, dst);
        else
            for (int c = 0; c < cols; ++c) dst[c / kLanes * kLanes + kernels::mxfp4_lane(c % kLanes)] = src[c];
    }
    return {buffer.data(), stride, batch, unbiased};
}

// Rows are handed to threads in tasks of a multiple of kRowQuantum rows (a multiple
// of every path's row tile). Tasks go out dynamically, so a thread the OS preempts
// holds up at most one; about eight per thread keep that cost small while leaving
// most row tiles with a prefetched successor in the same task.
constexpr int kRowQuantum = 16;
constexpr int kTasksPerThread = 8;

template <class RowsFn>
void over_row_tasks(const MatrixView& w, int batch, RowsFn rows_fn) {
    const bool parallel = w.rows > kRowQuantum && uint64_t(w.rows) * w.cols * batch > (1u << 16);
    const int threads = parallel ? omp_get_max_threads() : 1;
    const int quanta = (w.rows + kRowQuantum - 1) / kRowQuantum;
    const int tasks = std::min(quanta, threads * kTasksPerThread);
    const int rows_per_task = (quanta + tasks - 1) / tasks * kRowQuantum;
    const int task_count = (w.rows + rows_per_task - 1) / rows_per_task;
#pragma omp parallel for schedule(dynamic) if (parallel)
    for (int t = 0; t < task_count; ++t) rows_fn(t * rows_per_task, std::min(w.rows, (t + 1) * rows_per_task));
}

}  // namespace

void matmul(const MatrixView& w, const float* x, int batch, float* y, KernelIsa isa) {
    check_matrix_view(w);
    if (batch <= 0 || w.rows == 0) return;
    if (!isa_supported(isa)) throw Error(std::string("kernel path ") + isa_name(isa) + " is not supported here");
    if (isa == KernelIsa::Scalar) {
        over_row_tasks(w, batch, [&](int r0, int r1) { kernels::matmul_rows_scalar(w, x, batch, y, r0, r1); });
        return;
    }
    thread_local std::vector<float> buffer;
    const Activations a = simd_activations(w, x, batch, buffer);
#if defined(__x86_64__)
    auto rows = isa == KernelIsa::Avx512 ? kernels::matmul_rows_avx512 : kernels::matmul_rows_avx2;
    over_row_tasks(w, batch, [&](int r0, int r1) { rows(w, a, y, r0, r1); });
#endif
}

void matmul(const MatrixView& w, const float* x, int batch, float* y) { matmul(w, x, batch, y, active_isa()); }

void matvec(const MatrixView& w, const float* x, float* y) { matmul(w, x, 1, y, active_isa()); }

float dot_row(const MatrixView& w, int row, const float* x) { return kernels::dot_row_scalar(w, row, x); }

}  // namespace peng
