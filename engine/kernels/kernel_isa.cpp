#include "kernels/kernel_isa.h"

#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace peng {

const char* isa_name(KernelIsa isa) {
    switch (isa) {
        case KernelIsa::Scalar: return "scalar";
        case KernelIsa::Avx2: return "avx2";
        case KernelIsa::Avx512: return "avx512";
    }
    return "?";
}

CpuFeatures cpu_features() {
    CpuFeatures f;
#if defined(__x86_64__)
    // __builtin_cpu_supports also checks that the OS saves the wide registers.
    __builtin_cpu_init();
    f.avx2 = __builtin_cpu_supports("avx2");
    f.fma = __builtin_cpu_supports("fma");
    f.avx512f = __builtin_cpu_supports("avx512f");
    f.avx512bw = __builtin_cpu_supports("avx512bw");
    f.avx512vl = __builtin_cpu_supports("avx512vl");
    f.avx512dq = __builtin_cpu_supports("avx512dq");
#endif
    return f;
}

bool isa_built(KernelIsa isa) {
#if defined(__x86_64__)
    (void)isa;
    return true;
#else
    return isa == KernelIsa::Scalar;
#endif
}

namespace {

struct Requirement {
    bool CpuFeatures::*flag;
    const char* name;
};

// What each vector path is compiled for (engine/CMakeLists.txt sets the -m flags).
constexpr Requirement kAvx2Needs[] = {{&CpuFeatures::avx2, "avx2"}, {&CpuFeatures::fma, "fma"}};
constexpr Requirement kAvx512Needs[] = {{&CpuFeatures::avx512f, "avx512f"},
                                        {&CpuFeatures::avx512bw, "avx512bw"},
                                        {&CpuFeatures::avx512vl, "avx512vl"},
                                        {&CpuFeatures::avx512dq, "avx512dq"},
                                        {&CpuFeatures::fma, "fma"}};

template <typename Visit>
void for_each_requirement(KernelIsa isa, Visit visit) {
    if (isa == KernelIsa::Avx2)
        for (const Requirement& r : kAvx2Needs) visit(r);
    if (isa == KernelIsa::Avx512)
        for (const Requirement& r : kAvx512Needs) visit(r);
}

bool runs(const CpuFeatures& cpu, KernelIsa isa) {
    bool ok = isa_built(isa);
    for_each_requirement(isa, [&](const Requirement& r) { ok = ok && cpu.*r.flag; });
    return ok;
}

}  // namespace

std::vector<std::string> missing_features(const CpuFeatures& cpu, KernelIsa isa) {
    std::vector<std::string> missing;
    for_each_requirement(isa, [&](const Requirement& r) {
        if (!(cpu.*r.flag)) missing.emplace_back(r.name);
    });
    return missing;
}

KernelIsa best_isa(const CpuFeatures& cpu, KernelIsa ceiling) {
    for (KernelIsa isa : {KernelIsa::Avx512, KernelIsa::Avx2})
        if (static_cast<int>(isa) <= static_cast<int>(ceiling) && runs(cpu, isa)) return isa;
    return KernelIsa::Scalar;
}

bool isa_supported(KernelIsa isa) {
    static const CpuFeatures cpu = cpu_features();  // asked per kernel call: probe once
    return runs(cpu, isa);
}

KernelIsa kernel_ceiling() {
    if (const char* forced = std::getenv("PENG_KERNELS")) {
        if (!std::strcmp(forced, "scalar")) return KernelIsa::Scalar;
        if (!std::strcmp(forced, "avx2")) return KernelIsa::Avx2;
    }
    return KernelIsa::Avx512;
}

KernelIsa active_isa() {
    static const KernelIsa isa = best_isa(cpu_features(), kernel_ceiling());
    return isa;
}

}  // namespace peng
