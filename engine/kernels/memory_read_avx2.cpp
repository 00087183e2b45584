// Memory read yardstick, AVX2: eight 32-byte loads per step into independent xors,
// optionally with software prefetches ahead (memory_read.h says why).
#if defined(__x86_64__)
#include <immintrin.h>

#include "kernels/memory_read.h"

namespace peng::kernels {

namespace {

template <bool Prefetch>
uint64_t read_lines(const uint8_t* p, size_t bytes) {
    __m256i acc[8];
    for (auto& a : acc) a = _mm256_setzero_si256();
    for (size_t i = 0; i < bytes; i += 256) {
        if constexpr (Prefetch)
            for (int line = 0; line < 4; ++line)
                _mm_prefetch(reinterpret_cast<const char*>(p + i + kReadPrefetchAhead + 64 * line), _MM_HINT_T0);
        for (int k = 0; k < 8; ++k)
            acc[k] = _mm256_xor_si256(acc[k], _mm256_load_si256(reinterpret_cast<const __m256i*>(p + i + 32 * k)));
    }
    for (int k = 1; k < 8; ++k) acc[0] = _mm256_xor_si256(acc[0], acc[k]);
    alignas(32) uint64_t words[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(words), acc[0]);
    return words[0] ^ words[1] ^ words[2] ^ words[3];
}

}  // namespace

uint64_t read_checksum_avx2(const uint8_t* p, size_t bytes, bool prefetch) {
    return prefetch ? read_lines<true>(p, bytes) : read_lines<false>(p, bytes);
}

}  // namespace peng::kernels
#endif
