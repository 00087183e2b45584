#pragma once
// Activations (spec 3.3-3.4): the MLP's and experts' SiLU gate, the router's sigmoid.
// Each is one expression in f32 with the host's std::exp; the CUDA tier's silu
// (cuda/device_math.h) uses the device's expf and is labelled inexact for it.
#include <cmath>
#include <cstddef>

namespace peng::ops {

inline float sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }

inline float silu(float v) { return v / (1.0f + std::exp(-v)); }

// gate[i] = silu(gate[i]) * up[i] for i < n: the gated MLP's activation, in place.
void swiglu(float* gate, const float* up, size_t n);

}  // namespace peng::ops
