#pragma once
// Finds NaN and infinite values in weight bytes as stored, so a damaged checkpoint is
// refused when it loads instead of turning every answer into confident garbage. FP8
// e4m3 has no infinity, only NaN (0x7F, 0xFF); BF16 and F32 have both.
#include <cstddef>
#include <cstdint>
#include <limits>

#include "checkpoint/dtype.h"

namespace peng {

constexpr size_t kAllFinite = std::numeric_limits<size_t>::max();

// Index of the first of `count` elements of `dtype` at `data` that is NaN or infinite,
// or kAllFinite. BF16, F32 and F8_E4M3 are checked; other dtypes hold no such value.
size_t first_non_finite(const uint8_t* data, size_t count, DType dtype);

}  // namespace peng
