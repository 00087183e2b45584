#include "quant/qkv_layout.h"

#include "util/error.h"

namespace peng {

int QkvLayout::stored_row(int r) const {
    const int q_total = q_rows_per_chunk * chunks, k_total = k_rows_per_chunk * chunks;
    const int chunk_rows = rows_per_chunk();
    if (r < q_total) return (r / q_rows_per_chunk) * chunk_rows + r % q_rows_per_chunk;
    r -= q_total;
    if (r < k_total) return (r / k_rows_per_chunk) * chunk_rows + q_rows_per_chunk + r % k_rows_per_chunk;
    r -= k_total;
    return (r / v_rows_per_chunk) * chunk_rows + q_rows_per_chunk + k_rows_per_chunk + r % v_rows_per_chunk;
}

int QkvLayout::scale_row(int stored) const {
    if (grid == QkvScaleGrid::Contiguous) return stored / 128;
    const int chunk_rows = rows_per_chunk();
    return (stored / chunk_rows) * scale_rows_per_chunk() + (stored % chunk_rows) / 128;
}

QkvLayout make_qkv_layout(const AttentionShape& shape, int chunks, uint64_t scale_rows,
                          const std::string& tensor_name) {
    QkvLayout layout;
    layout.chunks = chunks;
    layout.q_rows_per_chunk = shape.num_heads / chunks * shape.head_dim;
    layout.k_rows_per_chunk = shape.num_kv_heads / chunks * shape.head_dim;
    layout.v_rows_per_chunk = shape.num_kv_heads / chunks * shape.v_head_dim;
    layout.total_rows = layout.rows_per_chunk() * chunks;
    const uint64_t per_chunk_rows = static_cast<uint64_t>(chunks) * layout.scale_rows_per_chunk();
    const uint64_t contiguous_rows = (static_cast<uint64_t>(layout.total_rows) + 127) / 128;
    if (scale_rows == per_chunk_rows) layout.grid = QkvScaleGrid::PerChunk;
    else if (scale_rows == contiguous_rows) layout.grid = QkvScaleGrid::Contiguous;
    else
        throw Error("tensor '" + tensor_name + "': scale grid has " + std::to_string(scale_rows) +
                    " rows; expected " + std::to_string(per_chunk_rows) + " (per-chunk) or " +
                    std::to_string(contiguous_rows) + " (contiguous)");
    return layout;
}

}  // namespace peng
