#pragma once
// Fully unrolls a loop over a compile-time tile size, so that the tile's accumulator
// arrays live in registers (at -O2, GCC would otherwise keep them on the stack).
#define PENG_UNROLL _Pragma("GCC unroll 16")
// Forces a helper (a lambda, say) inline into its hot loop: GCC's inlining heuristics
// otherwise drop it as unrelated code changes, and then the call spills the tile's
// accumulators every iteration (the AVX2 MXFP4 matvec fell from 18 to 11 GB/s).
#define PENG_ALWAYS_INLINE __attribute__((always_inline))
