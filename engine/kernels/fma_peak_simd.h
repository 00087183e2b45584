#pragma once
// The FMA yardstick's chains (fma_peak.h), written over the V16 of the including file
// (v16_avx2.h or v16_avx512.h) as matvec_simd.h is: x = x * m + a on every chain.
#include "kernels/fma_peak.h"
#include "kernels/unroll.h"

namespace peng::kernels {
namespace {

template <int Chains>
float fma_chain_sum(uint64_t steps) {
    // m < 1 pulls every chain towards a / (1 - m) = 1: no overflow, no denormals.
    const V16 m = v_set1(0.999f), a = v_set1(0.001f);
    // Every lane starts apart, so that no two registers compute the same (a compiler
    // would merge them: AVX2's two halves of a V16 set to one value, say).
    float start[16];
    V16 acc[Chains];
    PENG_UNROLL
    for (int c = 0; c < Chains; ++c) {
        for (int lane = 0; lane < 16; ++lane) start[lane] = 1.0f + 0.01f * float(c) + 0.0001f * float(lane);
        acc[c] = v_load(start);
    }
    for (uint64_t s = 0; s < steps; ++s) {
        PENG_UNROLL
        for (int c = 0; c < Chains; ++c) acc[c] = v_fma(acc[c], m, a);
    }
    PENG_UNROLL
    for (int c = 1; c < Chains; ++c) acc[0] = v_add(acc[0], acc[c]);
    float lanes[16], sum = 0;
    v_store(lanes, acc[0]);
    for (float v : lanes) sum += v;
    return sum;
}

}  // namespace
}  // namespace peng::kernels
