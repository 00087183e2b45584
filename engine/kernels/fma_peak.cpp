// The FMA yardstick's driver (fma_peak.h): the same chains on every thread at once,
// timed from before the threads start to after the last ends, as a kernel call is.
#include "kernels/fma_peak.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "kernels/unroll.h"
#include "util/error.h"

namespace peng {

namespace {

// The scalar path: a multiply and an add (kernels never contract them), same chains.
float fma_chains_scalar(uint64_t steps) {
    float acc[kernels::fma_chains(KernelIsa::Scalar)];
    for (int c = 0; c < kernels::fma_chains(KernelIsa::Scalar); ++c) acc[c] = 1.0f + 0.01f * float(c);
    for (uint64_t s = 0; s < steps; ++s) {
        PENG_UNROLL
        for (float& v : acc) v = v * 0.999f + 0.001f;
    }
    float sum = 0;
    for (float v : acc) sum += v;
    return sum;
}

float fma_chains(KernelIsa isa, uint64_t steps) {
#if defined(__x86_64__)
    if (isa == KernelIsa::Avx512) return kernels::fma_chains_avx512(steps);
    if (isa == KernelIsa::Avx2) return kernels::fma_chains_avx2(steps);
#endif
    return fma_chains_scalar(steps);
}

// Seconds of one pass of `steps` steps on `threads` threads.
double timed_pass(KernelIsa isa, int threads, uint64_t steps) {
    float sink = 0;
    const auto start = std::chrono::steady_clock::now();
#pragma omp parallel num_threads(threads) reduction(+ : sink)
    sink += fma_chains(isa, steps);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sink == 0.5f) omp_get_max_threads();  // keeps the sums alive
    return seconds;
}

}  // namespace

FmaPass::FmaPass(KernelIsa isa, int threads) : isa_(isa), threads_(threads) {
    if (!isa_supported(isa)) throw Error(std::string("kernel path ") + isa_name(isa) + " is not supported here");
    if (threads < 1) throw Error("the FMA probe needs at least one thread");
    while (timed_pass(isa_, threads_, steps_) < 0.02 && steps_ < (uint64_t(1) << 40)) steps_ *= 2;
}

double FmaPass::run_GFLOPs() const {
    const double flops = double(steps_) * kernels::fma_step_flops(isa_) * threads_;
    return flops / timed_pass(isa_, threads_, steps_) / 1e9;
}

FmaPeak measure_fma_peak(KernelIsa isa, int threads, double seconds) {
    const FmaPass probe(isa, threads);
    double best = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int pass = 0; pass < 3 || std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds;
         ++pass)
        best = std::max(best, probe.run_GFLOPs());
    return {isa, threads, best, best / threads};
}

}  // namespace peng
