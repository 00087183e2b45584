#pragma once
// The yardstick for the matrix kernels' arithmetic, as memory_read.h is for their
// reads: the cores' f32 multiply-add rate, measured on the same instruction-set path
// (kernel_isa.h) and with OpenMP threads as the kernels run. Each thread keeps
// independent FMA chains (kernels::fma_chains) in registers, more than an FMA's latency times
// the FMA pipes, so nothing but the pipes limits it; no memory is touched.
#include <cstdint>

#include "kernels/kernel_isa.h"

namespace peng {

struct FmaPeak {
    KernelIsa isa = KernelIsa::Scalar;
    int threads = 0;
    double GFLOPs = 0;             // all threads together, 2 FLOPs per multiply-add
    double per_thread_GFLOPs = 0;  // GFLOPs / threads
};

// The best of timed passes over at least `seconds` (three passes at least) on
// `threads` threads; `isa` must be supported (Scalar counts a multiply and an add).
FmaPeak measure_fma_peak(KernelIsa isa, int threads, double seconds);

// One pass of the chains at a time, sized once: for sampling the cores beside other
// work (plan/bandwidth.h's measure_cores_beside_disk) as well as alone.
class FmaPass {
public:
    // Sizes a pass to at least 20 ms on `threads` threads, so that starting the threads
    // does not show; `isa` must be supported.
    FmaPass(KernelIsa isa, int threads);
    // One pass: GFLOP/s of all threads together.
    double run_GFLOPs() const;

private:
    KernelIsa isa_;
    int threads_;
    uint64_t steps_ = 1 << 16;
};

namespace kernels {
// Independent V16 chains per thread (the scalar path: floats), twelve registers on every
// path (AVX2 holds a V16 in two): more than an FMA's latency times the FMA pipes of
// current cores, fewer than would spill.
constexpr int fma_chains(KernelIsa isa) { return isa == KernelIsa::Avx2 ? 6 : 12; }
// FLOPs of one step of all chains: 2 per lane.
constexpr int fma_step_flops(KernelIsa isa) { return 2 * fma_chains(isa) * (isa == KernelIsa::Scalar ? 1 : 16); }
// Runs `steps` steps of the path's chains and returns a sum of the results, so the work
// cannot be optimised away (fma_peak_simd.h).
float fma_chains_avx2(uint64_t steps);
float fma_chains_avx512(uint64_t steps);
}  // namespace kernels

}  // namespace peng
