// Memory read yardstick, AVX-512: four 64-byte loads per step into independent xors,
// optionally with software prefetches ahead (memory_read.h says why).
#if defined(__x86_64__)
#include <immintrin.h>

#include "kernels/memory_read.h"

namespace peng::kernels {

namespace {

template <bool Prefetch>
uint64_t read_lines(const uint8_t* p, size_t bytes) {
    __m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
    for (size_t i = 0; i < bytes; i += 256) {
        if constexpr (Prefetch)
            for (int line = 0; line < 4; ++line)
                _mm_prefetch(reinterpret_cast<const char*>(p + i + kReadPrefetchAhead + 64 * line), _MM_HINT_T0);
        a = _mm512_xor_si512(a, _mm512_load_si512(p + i));
        b = _mm512_xor_si512(b, _mm512_load_si512(p + i + 64));
        c = _mm512_xor_si512(c, _mm512_load_si512(p + i + 128));
        d = _mm512_xor_si512(d, _mm512_load_si512(p + i + 192));
    }
    const __m512i all = _mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d));
    alignas(64) uint64_t words[8];
    _mm512_store_si512(words, all);
    uint64_t sum = 0;
    for (uint64_t w : words) sum ^= w;
    return sum;
}

}  // namespace

uint64_t read_checksum_avx512(const uint8_t* p, size_t bytes, bool prefetch) {
    return prefetch ? read_lines<true>(p, bytes) : read_lines<false>(p, bytes);
}

}  // namespace peng::kernels
#endif
