#pragma once
// MXFP4 decode tables: for every E8M0 scale byte s, the 16 e2m1 values times 2^(s-127).
// Each entry is the very f32 product the scalar reference forms per element
// (e2m1_to_f32(n) * e8m0_to_f32(s)), so a SIMD path that looks weights up here
// decodes them bit for bit as the reference does, with no multiply of its own.
namespace peng::kernels {

struct Mxfp4ScaledTables {
    alignas(64) float value[256][16];
};

// Built on first use (16 KiB; stays in L1 while a matrix streams).
const Mxfp4ScaledTables& mxfp4_scaled_tables();

}  // namespace peng::kernels
