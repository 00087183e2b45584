#pragma once
// How the GPU tier lays a matrix out in device memory. The tier's arena follows it,
// and the VRAM plan (plan/vram_plan.h) sizes its budget with it, so both builds,
// with the CUDA Toolkit or without, compile it.
#include <cstdint>

#include "kernels/matrix.h"

namespace peng {

constexpr uint64_t kVramAlignment = 256;  // every device array starts on this boundary

// `bytes` rounded up to kVramAlignment: what one device array takes.
constexpr uint64_t device_aligned(uint64_t bytes) { return (bytes + kVramAlignment - 1) / kVramAlignment * kVramAlignment; }

// Device bytes of one matrix in its released encoding: weights, scales and FP8 row
// map, each array rounded up to kVramAlignment. Only format and shape are read.
uint64_t device_bytes(const MatrixView& w);

}  // namespace peng
