#pragma once
// The matrix kernels written once over V16 (16 f32 lanes); matvec_avx2.cpp and
// matvec_avx512.cpp include this after their V16 header. They follow the fixed order
// of kernels/lane_order.h exactly: two V16 accumulators are the 32 lanes.
//
// A tile is R weight rows x B activation rows: each step decodes 32 columns of the R
// rows once and feeds them to all B activation rows, so weights stream from memory
// once per call however large the batch; row r, batch b gets the same operations in
// the same order whatever tile it lands in.
#include <algorithm>

#include "kernels/lane_order.h"
#include "kernels/matvec_paths.h"
#include "kernels/mxfp4_tables.h"
#include "kernels/unroll.h"

namespace peng::kernels {
namespace {

template <int R, int B>
struct Accumulators {
    V16 lane[R][B][2];
    Accumulators() {
        PENG_UNROLL
        for (int r = 0; r < R; ++r)
            PENG_UNROLL
            for (int b = 0; b < B; ++b) lane[r][b][0] = lane[r][b][1] = v_zero();
    }
};

// One 32-column step: w[r] holds the decoded weights, x is read at `offset`.
template <int R, int B>
inline void multiply_step(Accumulators<R, B>& acc, const V16 (&w)[R][2], const float* const (&xs)[B], size_t offset) {
    PENG_UNROLL
    for (int b = 0; b < B; ++b) {
        const V16 x0 = v_load(xs[b] + offset), x1 = v_load(xs[b] + offset + 16);
        PENG_UNROLL
        for (int r = 0; r < R; ++r) {
            acc.lane[r][b][0] = v_fma(w[r][0], x0, acc.lane[r][b][0]);
            acc.lane[r][b][1] = v_fma(w[r][1], x1, acc.lane[r][b][1]);
        }
    }
}

template <int R, int B>
inline void store_reduced(const Accumulators<R, B>& acc, float* y, int rows, int r0, int b0) {
    PENG_UNROLL
    for (int r = 0; r < R; ++r)
        PENG_UNROLL
        for (int b = 0; b < B; ++b)
            y[size_t(b0 + b) * rows + r0 + r] = v_reduce32(acc.lane[r][b][0], acc.lane[r][b][1]);
}

struct TileArgs {
    const MatrixView& w;
    const Activations& a;
    float* y;
};

// Prefetches into L1 ahead of the tile: a matrix-vector product does too little work
// per byte for the core to keep enough loads in flight on its own. The prefetches
// walk memory front to back as one linear stream, which the memory system serves
// nearly as fast as a plain read; R streams a row apart (the order a tile of R rows
// reads in) reach about two thirds of it. A tile of several rows prefetches a later
// tile (R rows, adjacent in memory) over its course: the next one, or the first at
// least kTileAhead bytes on where tiles are small (MXFP4 down_proj: 4 KiB tiles, 5%
// faster 16 KiB ahead; 32 KiB was no better). A one-row tile reads linearly itself,
// so it prefetches kSingleRowAhead bytes ahead of its reads. Near the end of the
// matrix a tile re-requests its own rows (harmless), which keeps the hot loops free
// of branches.
constexpr size_t kTileAhead = 16384;
constexpr size_t kSingleRowAhead = 4096;

template <int R>
struct Lookahead {
    const uint8_t* next;
    // The distance is set by rows of `lead_row_bytes` (default: these rows), so that a
    // side stream (MXFP4's scales) prefetches the same rows as the codes it belongs to.
    Lookahead(const uint8_t* first_row, size_t row_bytes, int r0, int total_rows, size_t lead_row_bytes = 0)
        : next(first_row + ahead(row_bytes, lead_row_bytes ? lead_row_bytes : row_bytes, r0, total_rows)) {}
    static size_t ahead(size_t row_bytes, size_t lead_row_bytes, int r0, int total_rows) {
        if (R == 1)
            return r0 + 2 > total_rows ? 0 : std::min(lead_row_bytes, kSingleRowAhead) * row_bytes / lead_row_bytes;
        const size_t lead_tile = R * lead_row_bytes;
        const int tiles = int(std::max<size_t>(1, (kTileAhead + lead_tile - 1) / lead_tile));
        return r0 + (tiles + 1) * R > total_rows ? 0 : size_t(tiles) * R * row_bytes;
    }
    // Called as the tile reaches column byte `offset` of its rows, `Lines` 64-byte lines
    // of each row on: requests the same share of what lies ahead.
    template <int Lines>
    void fetch(size_t offset) const {
        PENG_UNROLL
        for (int l = 0; l < R * Lines; ++l) prefetch_l1(next + offset * R + 64 * l);
    }
};

// F32 and BF16: one element per column.
template <bool IsF32>
struct DenseKernel {
    static constexpr int kSets = 1;  // accumulator sets per tile element
    // Matvec rows per tile at most: these decode cheaply enough that one row, read as
    // one linear stream, keeps up with memory without sharing x loads between rows
    // (lm_head 70 -> 78 GB/s against two rows, read ~85 GB/s).
    static constexpr int kMatvecRowsMax = 1;
    // Batched tiles: up to 4 activation rows share each decoded weight step (AVX-512
    // 4 x 4: 1.35 FMAs per cycle on one core against 1.06 for 4 x 2, o_proj x16 in L2).
    static constexpr int kBatchTileMax = 4;
    static constexpr size_t kSize = IsF32 ? 4 : 2;
    static V16 decode(const uint8_t* p) { return IsF32 ? v_f32(p) : v_bf16(p); }
    static V16 decode_n(const uint8_t* p, int n) {
        if (n <= 0) return v_zero();
        return IsF32 ? v_f32_n(p, n) : v_bf16_n(p, n);
    }

    template <int R, int B>
    static void tile(const TileArgs& t, int r0, int b0) {
        const int cols = t.w.cols;
        const uint8_t* rows[R];
        PENG_UNROLL
        for (int r = 0; r < R; ++r) rows[r] = t.w.data + size_t(r0 + r) * cols * kSize;
        const float* xs[B];
        PENG_UNROLL
        for (int b = 0; b < B; ++b) xs[b] = t.a.x + size_t(b0 + b) * t.a.stride;
        const Lookahead<R> ahead(rows[0], cols * kSize, r0, t.w.rows);
        Accumulators<R, B> acc;
        V16 w[R][2];
        int c = 0;
        for (; c + kLanes <= cols; c += kLanes) {
            ahead.template fetch<kLanes * kSize / 64>(c * kSize);
            PENG_UNROLL
            for (int r = 0; r < R; ++r) {
                w[r][0] = decode(rows[r] + c * kSize);
                w[r][1] = decode(rows[r] + (c + 16) * kSize);
            }
            multiply_step(acc, w, xs, c);
        }
        if (c < cols) {  // the zero-padded last step
            const int n = cols - c;
            PENG_UNROLL
            for (int r = 0; r < R; ++r) {
                w[r][0] = decode_n(rows[r] + c * kSize, n < 16 ? n : 16);
                w[r][1] = decode_n(rows[r] + (c + 16) * kSize, n - 16);
            }
            multiply_step(acc, w, xs, c);
        }
        store_reduced(acc, t.y, t.w.rows, r0, b0);
    }
};

// FP8 e4m3 with 128x128 block scales applied to each block's 32 lane sums.
// Unbiased: the activations come scaled by 2^120 (Activations::fp8_unbiased), so the
// weights can skip their 2^120 rebias; each product, and so every sum, is unchanged.
template <bool Unbiased>
struct Fp8BlockKernel {
    static constexpr int kSets = 2;  // block part and running total
    // Its block part and total double the accumulators: 4 x 2 fills 32 registers
    // (0.92 FMAs per cycle against 0.82 for 2 x 2 and 0.88 for 2 x 4, qkv x16).
    static constexpr int kBatchTileMax = 2;
    static constexpr int kMatvecRowsMax = 4;
    static V16 decode(const uint8_t* p) { return Unbiased ? v_fp8_unbiased(p) : v_fp8(p); }
    static V16 decode_n(const uint8_t* p, int n, bool nan) {
        if (n <= 0) return v_zero();
        const V16 w = n >= 16 ? decode(p) : Unbiased ? v_fp8_unbiased_n(p, n) : v_fp8_n(p, n);
        return nan ? v_fp8_fix_nan(p, n < 16 ? n : 16, w) : w;
    }

    template <int R, int B>
    static void tile(const TileArgs& t, int r0, int b0) {
        const MatrixView& m = t.w;
        const int cols = m.cols;
        const uint8_t* rows[R];
        const float* scales[R];
        PENG_UNROLL
        for (int r = 0; r < R; ++r) {
            rows[r] = m.data + size_t(r0 + r) * cols;
            const int grid_row = m.scale_row ? m.scale_row[r0 + r] : (r0 + r) / kFp8Block;
            scales[r] = m.block_scales + size_t(grid_row) * m.scale_cols;
        }
        const float* xs[B];
        PENG_UNROLL
        for (int b = 0; b < B; ++b) xs[b] = t.a.x + size_t(b0 + b) * t.a.stride;
        const Lookahead<R> ahead(rows[0], cols, r0, m.rows);
        Accumulators<R, B> total;
        V16 w[R][2];
        for (int begin = 0, block = 0; begin < cols; begin += kFp8Block, ++block) {
            const int end = begin + kFp8Block < cols ? begin + kFp8Block : cols;
            ahead.template fetch<kFp8Block / 64>(begin);
            bool nan = false;
            if (end - begin == kFp8Block) {
                Fp8NanProbe probe;
                PENG_UNROLL
                for (int r = 0; r < R; ++r) {
                    probe.add64(rows[r] + begin);
                    probe.add64(rows[r] + begin + 64);
                }
                nan = probe.any();
            } else {
                PENG_UNROLL
                for (int r = 0; r < R; ++r) nan |= fp8_any_nan(rows[r] + begin, end - begin);
            }
            Accumulators<R, B> part;
            for (int c = begin; c < end; c += kLanes) {
                const int n = end - c;
                PENG_UNROLL
                for (int r = 0; r < R; ++r) {
                    if (n >= kLanes && !nan) {
                        w[r][0] = decode(rows[r] + c);
                        w[r][1] = decode(rows[r] + c + 16);
                    } else {
                        w[r][0] = decode_n(rows[r] + c, n < 16 ? n : 16, nan);
                        w[r][1] = decode_n(rows[r] + c + 16, n - 16 < 16 ? n - 16 : 16, nan);
                    }
                }
                multiply_step(part, w, xs, c);
            }
            PENG_UNROLL
            for (int r = 0; r < R; ++r) {
                const V16 s = v_set1(scales[r][block]);
                PENG_UNROLL
                for (int b = 0; b < B; ++b)
                    PENG_UNROLL
                    for (int h = 0; h < 2; ++h) total.lane[r][b][h] = v_fma(part.lane[r][b][h], s, total.lane[r][b][h]);
            }
        }
        store_reduced(total, t.y, m.rows, r0, b0);
    }
};

// MXFP4: per 32-column group, the nibbles index the group scale's 16 scaled values.
struct Mxfp4Kernel {
    static constexpr int kSets = 1;
    // Its decode takes registers of its own: 4 x 2 (1.29 FMAs per cycle, expert x8;
    // 4 x 4: 0.93, 4 x 3: 1.18).
    static constexpr int kBatchTileMax = 2;
    static constexpr int kMatvecRowsMax = 4;
    template <int R, int B>
    static void tile(const TileArgs& t, int r0, int b0) {
        const MatrixView& m = t.w;
        const int groups = m.cols / kMxfp4Group;
        const uint8_t* codes[R];
        const uint8_t* scales[R];
        PENG_UNROLL
        for (int r = 0; r < R; ++r) {
            codes[r] = m.data + size_t(r0 + r) * (m.cols / 2);
            scales[r] = m.group_scales + size_t(r0 + r) * groups;
        }
        const float* xs[B];
        PENG_UNROLL
        for (int b = 0; b < B; ++b) xs[b] = t.a.x + size_t(b0 + b) * t.a.stride;
        const Mxfp4ScaledTables& tables = mxfp4_scaled_tables();
        const Lookahead<R> ahead(codes[0], m.cols / 2, r0, m.rows),
            scales_ahead(scales[0], groups, r0, m.rows, /*lead_row_bytes=*/m.cols / 2);
        for (int o = 0; o < groups; o += 64) scales_ahead.template fetch<1>(o);
        Accumulators<R, B> acc;
        V16 w[R][2];
        auto group = [&](int g) PENG_ALWAYS_INLINE {
            PENG_UNROLL
            for (int r = 0; r < R; ++r) v_fp4(tables.value[scales[r][g]], codes[r] + 16 * g, w[r][0], w[r][1]);
            multiply_step(acc, w, xs, size_t(g) * kMxfp4Group);
        };
        int g = 0;
        for (; g + 4 <= groups; g += 4) {  // four groups = one 64-byte line of each row
            ahead.template fetch<1>(size_t(g) * 16);
            group(g);
            group(g + 1);
            group(g + 2);
            group(g + 3);
        }
        for (; g < groups; ++g) group(g);
        store_reduced(acc, t.y, m.rows, r0, b0);
    }
};

// Tile shapes: rows per tile when the batch is one (matvec; at most the kernel's
// kMatvecRowsMax), and rows x batch columns per tile otherwise (batch columns at
// most the kernel's kBatchTileMax), for kernels with one accumulator set. A kernel
// with two sets (FP8: block part and total) halves rows, then batch, until its
// accumulators fit in `Budget` V16 registers. Batch leftovers use narrower tiles.
template <int MatvecRows, int BatchRows, int BatchTile, int Budget>
struct TileShape {
    static constexpr int fit_rows(int rows, int batch, int sets) {
        while (rows > 1 && rows * batch * 2 * sets > Budget) rows /= 2;
        return rows;
    }
    static constexpr int fit_batch(int rows, int batch, int sets) {
        while (batch > 1 && rows * batch * 2 * sets > Budget) batch /= 2;
        return batch;
    }
    template <class K>
    static constexpr int matvec_rows = fit_rows(std::min(MatvecRows, K::kMatvecRowsMax), 1, K::kSets);
    template <class K>
    static constexpr int rows_batched = fit_rows(BatchRows, std::min(BatchTile, K::kBatchTileMax), K::kSets);
    template <class K>
    static constexpr int tile_batched = fit_batch(rows_batched<K>, std::min(BatchTile, K::kBatchTileMax), K::kSets);

    template <class K, int R>
    static void batch_sweep(const TileArgs& t, int r0) {
        constexpr int kTile = tile_batched<K>;
        const int batch = t.a.batch;
        int b = 0;
        for (; b + kTile <= batch; b += kTile) K::template tile<R, kTile>(t, r0, b);
        if constexpr (kTile > 2)
            for (; b + 2 <= batch; b += 2) K::template tile<R, 2>(t, r0, b);
        for (; b < batch; ++b) K::template tile<R, 1>(t, r0, b);
    }

    template <class K>
    static void rows(const TileArgs& t, int row_begin, int row_end) {
        constexpr int kRows = rows_batched<K>;
        int r = row_begin;
        if (t.a.batch == 1) {
            constexpr int kMatvecRows = matvec_rows<K>;
            for (; r + kMatvecRows <= row_end; r += kMatvecRows) K::template tile<kMatvecRows, 1>(t, r, 0);
        } else {
            for (; r + kRows <= row_end; r += kRows) batch_sweep<K, kRows>(t, r);
        }
        for (; r < row_end; ++r) batch_sweep<K, 1>(t, r);
    }

    static void run(const MatrixView& w, const Activations& a, float* y, int row_begin, int row_end) {
        const TileArgs t{w, a, y};
        switch (w.format) {
            case WeightFormat::F32: return rows<DenseKernel<true>>(t, row_begin, row_end);
            case WeightFormat::BF16: return rows<DenseKernel<false>>(t, row_begin, row_end);
            case WeightFormat::FP8Block:
                if (a.fp8_unbiased) return rows<Fp8BlockKernel<true>>(t, row_begin, row_end);
                return rows<Fp8BlockKernel<false>>(t, row_begin, row_end);
            case WeightFormat::MXFP4: return rows<Mxfp4Kernel>(t, row_begin, row_end);
        }
    }
};

}  // namespace
}  // namespace peng::kernels
