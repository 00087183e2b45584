#pragma once
// Fully unrolls a loop over a compile-time tile size, so that the tile's accumulator
// arrays live in registers (at -O2, GCC would otherwise keep them on the stack).
#define PENG_UNROLL _Pragma("GCC unroll 16")
