#include "gen/weight_synthesis.h"

#include <algorithm>
#include <cstring>

#include "gen/bf16_encoder.h"
#include "gen/fp8_encoder.h"
#include "gen/matrix_values.h"
#include "gen/mxfp4_encoder.h"
#include "util/error.h"

namespace peng::gen {

namespace {

// A run of rows encoded as one unit. For FP8 it is one row of the scale grid.
struct Band {
    int64_t row_begin, row_end;
    int64_t scale_row;
};

bool is_scale(Encoding e) { return e == Encoding::Fp8ScaleInv || e == Encoding::Mxfp4Scale; }
bool is_fp8(Encoding e) { return e == Encoding::Fp8Weight || e == Encoding::Fp8ScaleInv; }
bool is_mxfp4(Encoding e) { return e == Encoding::Mxfp4Weight || e == Encoding::Mxfp4Scale; }

// FP8 blocks are 128 rows from each chunk start (spec 4.3: the qkv's per-chunk
// grid); other encodings take bands of about 256K values.
std::vector<Band> make_bands(const MatrixSource& s, Encoding e) {
    std::vector<Band> bands;
    if (is_fp8(e)) {
        const int64_t group = s.block_group_rows > 0 ? s.block_group_rows : s.rows;
        for (int64_t g0 = 0; g0 < s.rows; g0 += group)
            for (int64_t r = g0; r < g0 + group; r += kFp8Block)
                bands.push_back({r, std::min(r + kFp8Block, g0 + group), int64_t(bands.size())});
        return bands;
    }
    const int64_t rows_per_band = std::clamp<int64_t>((int64_t(1) << 18) / s.cols, 1, s.rows);
    for (int64_t r = 0; r < s.rows; r += rows_per_band)
        bands.push_back({r, std::min(r + rows_per_band, s.rows), int64_t(bands.size())});
    return bands;
}

int64_t code_bytes_per_row(const MatrixSource& s, Encoding e) {
    switch (e) {
        case Encoding::Bf16: return s.cols * 2;
        case Encoding::F32: return s.cols * 4;
        case Encoding::Fp8Weight:
        case Encoding::Fp8ScaleInv: return s.cols;
        case Encoding::Mxfp4Weight:
        case Encoding::Mxfp4Scale: return s.cols / 2;
    }
    return 0;
}

int64_t scale_bytes(const MatrixSource& s, Encoding e, size_t band_count) {
    if (is_fp8(e)) return int64_t(band_count) * ((s.cols + kFp8Block - 1) / kFp8Block) * 4;
    if (is_mxfp4(e)) return s.rows * (s.cols / kMxfp4Block);
    return 0;
}

void encode_band(Encoding e, const MatrixSource& s, const Band& band, const float* values,
                 uint8_t* codes, uint8_t* scales) {
    const int64_t rows = band.row_end - band.row_begin;
    const int64_t n = rows * s.cols;
    switch (e) {
        case Encoding::Bf16:
            for (int64_t i = 0; i < n; ++i) {
                const uint16_t h = encode_bf16(values[i]);
                std::memcpy(codes + 2 * i, &h, 2);  // little-endian hosts only, like safetensors itself
            }
            break;
        case Encoding::F32: std::memcpy(codes, values, size_t(n) * 4); break;
        case Encoding::Fp8Weight:
        case Encoding::Fp8ScaleInv: {
            const int64_t grid_cols = (s.cols + kFp8Block - 1) / kFp8Block;
            float* scale_row = reinterpret_cast<float*>(scales) + band.scale_row * grid_cols;
            quantize_fp8_band(values, rows, s.cols, codes, scale_row);
            break;
        }
        case Encoding::Mxfp4Weight:
        case Encoding::Mxfp4Scale:
            for (int64_t r = 0; r < rows; ++r)
                quantize_mxfp4_row(values + r * s.cols, s.cols, codes + r * (s.cols / 2),
                                   scales + (band.row_begin + r) * (s.cols / kMxfp4Block));
            break;
    }
}

// Bands are processed in batches of about this many output bytes: large enough
// to keep every thread busy, small enough to stream a multi-GB tensor.
constexpr int64_t kBatchBytes = int64_t(32) << 20;

}  // namespace

void WeightSynthesizer::encode(const PlannedTensor& t, const ByteSink* codes_sink,
                               std::vector<uint8_t>& scales) const {
    const MatrixSource& s = t.source;
    const MatrixValues values(s, seed_);
    const std::vector<Band> bands = make_bands(s, t.encoding);
    const int64_t row_bytes = code_bytes_per_row(s, t.encoding);
    // FP8 scales are float32 stored through this byte buffer; operator new aligns it for that.
    scales.assign(size_t(scale_bytes(s, t.encoding, bands.size())), 0);

    std::vector<uint8_t> batch;
    size_t first = 0;
    while (first < bands.size()) {
        size_t last = first;
        int64_t bytes = 0;
        while (last < bands.size() &&
               (last == first || bytes + (bands[last].row_end - bands[last].row_begin) * row_bytes <= kBatchBytes)) {
            bytes += (bands[last].row_end - bands[last].row_begin) * row_bytes;
            ++last;
        }
        batch.resize(size_t(bytes));
        const int64_t batch_row0 = bands[first].row_begin;
        const auto count = static_cast<long long>(last - first);
        // A lone band runs on the calling thread: thousands of tiny tensors each paying
        // for a parallel region (and its barrier on a busy machine) cost more than they gain.
#pragma omp parallel if (count > 1)
        {
            std::vector<float> scratch;
#pragma omp for schedule(dynamic, 1)
            for (long long i = 0; i < count; ++i) {
                const Band& band = bands[first + size_t(i)];
                scratch.resize(size_t((band.row_end - band.row_begin) * s.cols));
                values.fill_rows(band.row_begin, band.row_end, scratch.data());
                encode_band(t.encoding, s, band, scratch.data(),
                            batch.data() + (band.row_begin - batch_row0) * row_bytes, scales.data());
            }
        }
        if (codes_sink) (*codes_sink)(batch.data(), batch.size());
        first = last;
    }
}

void WeightSynthesizer::write(const PlannedTensor& t, const ByteSink& sink) {
    if (!is_scale(t.encoding)) {
        std::vector<uint8_t> scales;
        encode(t, &sink, scales);
        if (!scales.empty() && !scales_written_.count(t.source.key))
            pending_scales_[t.source.key] = std::move(scales);
        return;
    }
    scales_written_.insert(t.source.key);
    auto it = pending_scales_.find(t.source.key);
    std::vector<uint8_t> scales;
    if (it != pending_scales_.end()) {
        scales = std::move(it->second);
        pending_scales_.erase(it);
    } else {
        encode(t, nullptr, scales);  // scale written before its weight: derive it on its own
    }
    if (scales.size() != t.byte_size())
        throw Error("internal: scale tensor " + t.name + " has " + std::to_string(scales.size()) +
                    " bytes, expected " + std::to_string(t.byte_size()));
    sink(scales.data(), scales.size());
}

}  // namespace peng::gen
