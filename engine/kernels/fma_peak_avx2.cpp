// The FMA yardstick on the AVX2 path (fma_peak.h): six V16 chains, twelve ymm registers.
#if defined(__x86_64__)
#include "kernels/v16_avx2.h"
// v16 first: the template below is written over its V16.
#include "kernels/fma_peak_simd.h"

namespace peng::kernels {

float fma_chains_avx2(uint64_t steps) { return fma_chain_sum<fma_chains(KernelIsa::Avx2)>(steps); }

}  // namespace peng::kernels
#endif
