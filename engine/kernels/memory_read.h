#pragma once
// The yardstick for kernel speed: reads every byte of a buffer as fast as a path can
// (wide loads, several independent streams) and returns a checksum so the reads
// cannot be optimized away. `peng-cli bench kernels` runs it on all cores over a
// buffer far larger than the caches to measure the memory read bandwidth.
//
// Two ways to read, because neither is the faster one everywhere: plain loads (the
// hardware prefetchers alone), or loads with software prefetches kReadPrefetchAhead
// bytes in front, as the matrix kernels issue theirs. On the 2-core Zen 5 VM this
// was measured on, the prefetched read is 5-10% faster while memory gives about 45
// GB/s and 2-5% slower while it gives about 80. Callers take the better of the two,
// so that no kernel reads faster than the yardstick says the machine can.
#include <cstddef>
#include <cstdint>

#include "kernels/kernel_isa.h"

namespace peng {

constexpr size_t kReadPrefetchAhead = 4096;

uint64_t read_checksum(const uint8_t* p, size_t bytes, KernelIsa isa, bool prefetch = false);

namespace kernels {
// Per-path bodies; `bytes` is a multiple of 256 and p is 64-byte aligned. Prefetches
// past the end of the buffer are harmless: they never fault.
uint64_t read_checksum_avx2(const uint8_t* p, size_t bytes, bool prefetch);
uint64_t read_checksum_avx512(const uint8_t* p, size_t bytes, bool prefetch);
}  // namespace kernels

}  // namespace peng
