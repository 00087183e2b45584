#pragma once
// Row arithmetic of the released fused qkv_proj (spec 4.3): the rows are stored
// pre-sharded in T chunks [Q_c | K_c | V_c], and the FP8 scale grid restarts its
// 128-row blocks at every chunk start.
#include <cstdint>

#include "gen/preset.h"

namespace peng::gen {

struct QkvGeometry {
    int chunks = 0;             // T = config num_key_value_heads (top level)
    int q_heads = 0, kv_heads = 0, head_dim = 0, v_head_dim = 0;

    int64_t rows_per_chunk() const {
        return int64_t(q_heads / chunks) * head_dim + int64_t(kv_heads / chunks) * (head_dim + v_head_dim);
    }
    int64_t rows() const { return rows_per_chunk() * chunks; }
    int64_t scale_rows() const { return int64_t(chunks) * ((rows_per_chunk() + 127) / 128); }
    // The grid a reader would wrongly assume if it ignored the chunking.
    int64_t contiguous_scale_rows() const { return (rows() + 127) / 128; }
};

inline QkvGeometry qkv_geometry(const ModelDims& d, bool sliding_window) {
    QkvGeometry g;
    g.chunks = d.num_key_value_heads;
    if (sliding_window) {
        g.q_heads = d.swa_num_attention_heads;
        g.kv_heads = d.swa_num_key_value_heads;
        g.head_dim = d.swa_head_dim;
        g.v_head_dim = d.swa_v_head_dim;
    } else {
        g.q_heads = d.num_attention_heads;
        g.kv_heads = d.num_key_value_heads;
        g.head_dim = d.head_dim;
        g.v_head_dim = d.v_head_dim;
    }
    return g;
}

}  // namespace peng::gen
