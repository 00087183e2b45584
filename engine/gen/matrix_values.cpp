#include "gen/matrix_values.h"

#include <cmath>

#include "gen/counter_rng.h"

namespace peng::gen {

namespace {

// exp(sigma * z) has mean square exp(2 sigma^2); dividing by exp(sigma^2) keeps the
// matrix's overall RMS at `std` whatever the gain spread.
float lognormal_gain(float sigma, float z) {
    return sigma == 0.0f ? 1.0f : std::exp(sigma * z - sigma * sigma);
}

}  // namespace

MatrixValues::MatrixValues(const MatrixSource& source, uint64_t seed)
    : source_(source),
      value_key_(stream_key(seed, source.key)),
      row_gain_key_(stream_key(seed, source.key + "#row_gain")),
      col_gain_(static_cast<size_t>(source.cols)) {
    const uint64_t col_key = stream_key(seed, source.key + "#col_gain");
    for (int64_t c = 0; c < source.cols; ++c)
        col_gain_[c] = source.std * lognormal_gain(source.col_gain_sigma, stream_normal(col_key, c));
}

void MatrixValues::fill_rows(int64_t row_begin, int64_t row_end, float* out) const {
    const int64_t cols = source_.cols;
    for (int64_t r = row_begin; r < row_end; ++r) {
        float row_gain = lognormal_gain(source_.row_gain_sigma, stream_normal(row_gain_key_, r));
        if (source_.row_scale) row_gain *= (*source_.row_scale)[size_t(r)];
        const uint64_t first = static_cast<uint64_t>(r) * static_cast<uint64_t>(cols);
        float* row = out + (r - row_begin) * cols;
        for (int64_t c = 0; c < cols; ++c)
            row[c] = source_.mean + row_gain * col_gain_[c] * stream_normal(value_key_, first + c);
    }
}

}  // namespace peng::gen
