#pragma once
// What the engine computes with on this machine, as the engine itself decides it:
// the kernels' instruction-set path (the runtime dispatch, kernels/kernel_isa.h) and
// the GPU tier (in this build or not, a device found or not, its name and memory).
// Front ends show this instead of probing the CPU or CUDA themselves, so what they
// say is what runs.
#include <string>
#include <vector>

#include "cuda/gpu_tier.h"
#include "kernels/kernel_isa.h"

namespace peng {

struct ComputeReport {
    CpuFeatures cpu;
    KernelIsa kernels = KernelIsa::Scalar;        // the path the kernels run
    KernelIsa cpu_best = KernelIsa::Scalar;       // the widest this CPU and build allow
    bool kernels_lowered = false;                 // PENG_KERNELS chose a narrower path than cpu_best
    std::vector<std::string> avx512_missing;      // the features AVX-512 needs and this CPU lacks
    std::vector<std::string> avx2_missing;
    GpuDevice gpu;                                // gpu.cuda_built, gpu.usable, name, memory, why_not
};

ComputeReport probe_compute();

}  // namespace peng
