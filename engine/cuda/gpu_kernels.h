#pragma once
// Launches of the device kernels (gpu_kernels.cu). All pointers are device pointers,
// the MatrixViews included; launches are asynchronous on `stream`.
#include <cuda_runtime.h>

#include "kernels/matrix.h"

namespace peng::gpu {

// One (expert, row) product of a layer's batched launch.
struct ExpertJob {
    MatrixView gate, up, down;
    int row = 0;            // row of the block's activations h
};

// Y[b][r] = W[r] . X[b], one warp per output element, in the CPU's lane order.
void launch_matmul(const MatrixView& w, const float* x, int batch, float* y, cudaStream_t stream);

// For every job j: act[j] = silu(gate h[row]) * up h[row], then out[j] = down act[j].
// h is [rows x hidden], act [jobs x intermediate], out [jobs x hidden].
void launch_experts(const ExpertJob* jobs, int job_count, const float* h, int hidden, int intermediate, float* act,
                    float* out, cudaStream_t stream);

}  // namespace peng::gpu
