#include "kernels/memory_read.h"

#include <cstring>

namespace peng {

namespace {

uint64_t read_checksum_scalar(const uint8_t* p, size_t bytes) {
    uint64_t lane[4] = {};
    for (size_t i = 0; i + 32 <= bytes; i += 32)
        for (int k = 0; k < 4; ++k) {
            uint64_t w;
            std::memcpy(&w, p + i + 8 * k, 8);
            lane[k] ^= w;
        }
    return lane[0] ^ lane[1] ^ lane[2] ^ lane[3];
}

}  // namespace

uint64_t read_checksum(const uint8_t* p, size_t bytes, KernelIsa isa, bool prefetch) {
    // The wide paths take the 64-byte-aligned middle; the edges go word by word.
    const size_t head = (64 - reinterpret_cast<uintptr_t>(p) % 64) % 64;
    if (isa == KernelIsa::Scalar || bytes < head + 256) return read_checksum_scalar(p, bytes);
    const size_t body = (bytes - head) / 256 * 256;
    uint64_t sum = read_checksum_scalar(p, head) ^ read_checksum_scalar(p + head + body, bytes - head - body);
#if defined(__x86_64__)
    sum ^= isa == KernelIsa::Avx512 ? kernels::read_checksum_avx512(p + head, body, prefetch)
                                    : kernels::read_checksum_avx2(p + head, body, prefetch);
#endif
    return sum;
}

}  // namespace peng
