#include "kernels/kernel_isa.h"

#include <cstdlib>
#include <initializer_list>
#include <cstring>

namespace peng {

const char* isa_name(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return "scalar";
        case KernelIsa::Avx2: return "avx2";
        case KernelIsa::Avx512: return "avx512";
    }
    return "?";
}

bool isa_supported(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return true;
#if defined(__x86_64__)
        // __builtin_cpu_supports also checks that the OS saves the wide registers.
        case KernelIsa::Avx2: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
        case KernelIsa::Avx512:
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
                   __builtin_cpu_supports("fma");
#else
        default: return false;
#endif
    }
    return false;
}

namespace {

KernelIsa choose_isa() {
    KernelIsa ceiling = KernelIsa::Avx512;
    if (const char* forced = std::getenv("PENG_KERNELS")) {
        if (!std::strcmp(forced, "scalar")) ceiling = KernelIsa::Scalar;
        else if (!std::strcmp(forced, "avx2")) ceiling = KernelIsa::Avx2;
    }
    for (KernelIsa isa : {KernelIsa::Avx512, KernelIsa::Avx2})
        if (static_cast<int>(isa) <= static_cast<int>(ceiling) && isa_supported(isa)) return isa;
    return KernelIsa::Scalar;
}

}  // namespace

KernelIsa active_isa() {
    static const KernelIsa isa = choose_isa();
    return isa;
}

}  // namespace peng
