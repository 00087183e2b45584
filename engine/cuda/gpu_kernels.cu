// The device kernels: one warp per output element, lane j accumulating the columns
// the CPU's lane j does (cuda/device_math.h), then the CPU's halving reduction as
// shuffles. Built with -fmad=false so no multiply-add is fused beyond the written fmas.
#include "cuda/gpu_kernels.h"

#include "cuda/device_math.h"

namespace peng::gpu {

namespace {

namespace dm = device_math;
constexpr int kThreads = 256;
constexpr int kWarpsPerBlock = kThreads / dm::kLanes;

// lane j += lane j+16, then j += j+8, ..., j += j+1: the CPU's reduce_lanes; lane 0
// ends with the row's value.
__device__ __forceinline__ float reduce_lanes(float v) {
    for (int width = 16; width >= 1; width /= 2) v = v + __shfl_down_sync(0xFFFFFFFFu, v, width);
    return v;
}

__device__ __forceinline__ long long warp_index() {
    return (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) / dm::kLanes;
}

__global__ void matmul_kernel(MatrixView w, const float* x, int batch, float* y) {
    const long long warp = warp_index();
    if (warp >= static_cast<long long>(w.rows) * batch) return;  // whole warps leave together
    const int lane = threadIdx.x % dm::kLanes;
    const int b = static_cast<int>(warp / w.rows), r = static_cast<int>(warp % w.rows);
    const float v = reduce_lanes(dm::lane_sum(w, r, x + static_cast<size_t>(b) * w.cols, lane));
    if (lane == 0) y[static_cast<size_t>(b) * w.rows + r] = v;
}

__global__ void gate_up_kernel(const ExpertJob* jobs, int job_count, const float* h, int hidden, int intermediate,
                               float* act) {
    const long long warp = warp_index();
    if (warp >= static_cast<long long>(job_count) * intermediate) return;
    const int lane = threadIdx.x % dm::kLanes;
    const ExpertJob& job = jobs[warp / intermediate];
    const int r = static_cast<int>(warp % intermediate);
    const float* x = h + static_cast<size_t>(job.row) * hidden;
    const float gate = reduce_lanes(dm::lane_sum(job.gate, r, x, lane));
    const float up = reduce_lanes(dm::lane_sum(job.up, r, x, lane));
    if (lane == 0) act[static_cast<size_t>(warp)] = dm::silu(gate) * up;
}

__global__ void down_kernel(const ExpertJob* jobs, int job_count, const float* act, int hidden, int intermediate,
                            float* out) {
    const long long warp = warp_index();
    if (warp >= static_cast<long long>(job_count) * hidden) return;
    const int lane = threadIdx.x % dm::kLanes;
    const long long j = warp / hidden;
    const int r = static_cast<int>(warp % hidden);
    const float v = reduce_lanes(dm::lane_sum(jobs[j].down, r, act + static_cast<size_t>(j) * intermediate, lane));
    if (lane == 0) out[static_cast<size_t>(warp)] = v;
}

unsigned blocks_for(long long warps) { return static_cast<unsigned>((warps + kWarpsPerBlock - 1) / kWarpsPerBlock); }

}  // namespace

void launch_matmul(const MatrixView& w, const float* x, int batch, float* y, cudaStream_t stream) {
    const long long warps = static_cast<long long>(w.rows) * batch;
    if (warps == 0) return;
    matmul_kernel<<<blocks_for(warps), kThreads, 0, stream>>>(w, x, batch, y);
}

void launch_experts(const ExpertJob* jobs, int job_count, const float* h, int hidden, int intermediate, float* act,
                    float* out, cudaStream_t stream) {
    if (job_count == 0) return;
    const long long up_warps = static_cast<long long>(job_count) * intermediate;
    gate_up_kernel<<<blocks_for(up_warps), kThreads, 0, stream>>>(jobs, job_count, h, hidden, intermediate, act);
    const long long down_warps = static_cast<long long>(job_count) * hidden;
    down_kernel<<<blocks_for(down_warps), kThreads, 0, stream>>>(jobs, job_count, act, hidden, intermediate, out);
}

}  // namespace peng::gpu
