#pragma once
// The yardstick for kernel speed: reads every byte of a buffer as fast as a path can
// (wide loads, several independent streams) and returns a checksum so the reads
// cannot be optimized away. `peng-cli bench kernels` runs it on all cores over a
// buffer far larger than the caches to measure the memory read bandwidth.
#include <cstddef>
#include <cstdint>

#include "kernels/kernel_isa.h"

namespace peng {

uint64_t read_checksum(const uint8_t* p, size_t bytes, KernelIsa isa);

namespace kernels {
// Per-path bodies; `bytes` is a multiple of 256 and p is 64-byte aligned.
uint64_t read_checksum_avx2(const uint8_t* p, size_t bytes);
uint64_t read_checksum_avx512(const uint8_t* p, size_t bytes);
}  // namespace kernels

}  // namespace peng
