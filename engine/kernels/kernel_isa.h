#pragma once
// Which instruction-set path the kernels run. Every path computes the same fixed
// accumulation order (kernels/lane_order.h), so the choice changes speed only.
namespace peng {

enum class KernelIsa { Scalar, Avx2, Avx512 };

const char* isa_name(KernelIsa isa);

// True when this CPU (and OS) can run `isa` and this build contains it.
bool isa_supported(KernelIsa isa);

// The path matvec/matmul/decode_attention use: the best supported one, or the one
// named by PENG_KERNELS=scalar|avx2|avx512 (lowered to the best supported one
// at or below it). Decided once per process.
KernelIsa active_isa();

}  // namespace peng
