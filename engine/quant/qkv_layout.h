#pragma once
// The released fused qkv_proj is pre-sharded into T chunks [Q_0|K_0|V_0|Q_1|...]
// with a scale grid tiled per chunk (spec 4.3). This maps between the stored row
// order and the logical Q|K|V order, and picks each stored row's scale row.
#include <cstdint>
#include <string>
#include <vector>

#include "checkpoint/config.h"

namespace peng {

enum class QkvScaleGrid { PerChunk, Contiguous };

struct QkvLayout {
    int chunks = 0;
    int q_rows_per_chunk = 0, k_rows_per_chunk = 0, v_rows_per_chunk = 0;
    int total_rows = 0;
    QkvScaleGrid grid = QkvScaleGrid::PerChunk;

    int rows_per_chunk() const { return q_rows_per_chunk + k_rows_per_chunk + v_rows_per_chunk; }
    int scale_rows_per_chunk() const { return (rows_per_chunk() + 127) / 128; }
    // Stored row that holds logical row `r` of Q|K|V.
    int stored_row(int logical_row) const;
    // Row of the weight_scale_inv grid that covers stored row `r`.
    int scale_row(int stored_row) const;
};

// Chooses the grid from the scale tensor's row count: T * ceil(R/128) means per-chunk,
// ceil(O/128) means contiguous (identical when R is a multiple of 128). Anything else
// is refused with an error naming `tensor_name`.
QkvLayout make_qkv_layout(const AttentionShape& shape, int chunks, uint64_t scale_rows,
                          const std::string& tensor_name);

}  // namespace peng
