#pragma once
// Rotary position embedding (spec 3.2d), rotate-half form.
namespace peng::ops {

// Rotates dims [0, rope_dim) of one head for position `pos`; pairs are (i, i + rope_dim/2).
// Dims past rope_dim are left as they are (partial RoPE).
void apply_rope(float* head, int rope_dim, double theta, int pos);

}  // namespace peng::ops
