// The FMA yardstick on the AVX-512 path (fma_peak.h): twelve V16 chains in zmm registers.
#if defined(__x86_64__)
#include "kernels/v16_avx512.h"
// v16 first: the template below is written over its V16.
#include "kernels/fma_peak_simd.h"

namespace peng::kernels {

float fma_chains_avx512(uint64_t steps) { return fma_chain_sum<fma_chains(KernelIsa::Avx512)>(steps); }

}  // namespace peng::kernels
#endif
