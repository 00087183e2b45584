#include "api/compute_report.h"

namespace peng {

ComputeReport probe_compute() {
    ComputeReport r;
    r.cpu = cpu_features();
    r.kernels = active_isa();
    r.cpu_best = best_isa(r.cpu);
    r.kernels_lowered = r.kernels != r.cpu_best;
    r.avx512_missing = missing_features(r.cpu, KernelIsa::Avx512);
    r.avx2_missing = missing_features(r.cpu, KernelIsa::Avx2);
    r.gpu = probe_gpu();
    return r;
}

}  // namespace peng
