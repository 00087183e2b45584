#pragma once
// Which instruction-set path the kernels run. Every path computes the same fixed
// accumulation order (kernels/lane_order.h), so the choice changes speed only.
#include <string>
#include <vector>

namespace peng {

enum class KernelIsa { Scalar, Avx2, Avx512 };

const char* isa_name(KernelIsa isa);

// The CPU features the vector paths are compiled for (engine/CMakeLists.txt): AVX2
// needs avx2 + fma; AVX-512 needs f, bw, vl and dq + fma, so a CPU with avx512f
// alone (Xeon Phi) runs the AVX2 path. Each flag also means the OS saves the registers.
struct CpuFeatures {
    bool avx2 = false, fma = false;
    bool avx512f = false, avx512bw = false, avx512vl = false, avx512dq = false;
};

// This CPU's features, as the runtime dispatch sees them (all false off x86-64).
CpuFeatures cpu_features();

// True when this build contains the `isa` path (the vector ones on x86-64 only).
bool isa_built(KernelIsa isa);

// The features `isa` needs that `cpu` lacks, by their cpuinfo names (whether this
// build contains `isa` is isa_built's question).
std::vector<std::string> missing_features(const CpuFeatures& cpu, KernelIsa isa);

// The widest path that `cpu` runs, this build contains and is at or below `ceiling`.
KernelIsa best_isa(const CpuFeatures& cpu, KernelIsa ceiling = KernelIsa::Avx512);

// True when this CPU (and OS) can run `isa` and this build contains it.
bool isa_supported(KernelIsa isa);

// The ceiling PENG_KERNELS=scalar|avx2|avx512 sets (avx512 when unset or unknown).
KernelIsa kernel_ceiling();

// The path matvec/matmul/decode_attention use: best_isa(cpu_features(), kernel_ceiling()).
// Decided once per process.
KernelIsa active_isa();

}  // namespace peng
