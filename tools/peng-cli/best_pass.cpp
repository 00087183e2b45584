#include "best_pass.h"

#include <omp.h>

#include <algorithm>
#include <chrono>

#include "cpu_time.h"
#include "kernels/lane_order.h"

namespace peng::cli {

Timing best_GBps(uint64_t bytes, double seconds, const std::function<void()>& pass) {
    using Clock = std::chrono::steady_clock;
    pass();
    Timing t;
    double spent = 0;
    const double cpu_start = process_cpu_seconds();
    for (int n = 0; n < 3 || spent < seconds; ++n) {
        const auto start = Clock::now();
        pass();
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        spent += s;
        t.GBps = std::max(t.GBps, double(bytes) / s / 1e9);
    }
    t.cpu_share = (process_cpu_seconds() - cpu_start) / spent / omp_get_max_threads();
    return t;
}

double in_cache_GBps(uint64_t bytes, double seconds, const std::function<void()>& call) {
    const int calls = int(std::max<uint64_t>(1, (uint64_t(64) << 20) / std::max<uint64_t>(bytes, 1)));
    return best_GBps(bytes * calls, seconds, [&] {
        for (int k = 0; k < calls; ++k) call();
    }).GBps;
}

MatrixView cached_rows(const MatrixView& m, uint64_t bytes) {
    const uint64_t row_bytes = std::max<uint64_t>(1, m.weight_bytes() / uint64_t(std::max(1, m.rows)));
    const uint64_t block = kernels::kFp8Block;
    const uint64_t rows = std::max<uint64_t>(block, bytes / row_bytes / block * block);
    return m.row_range(0, int(std::min<uint64_t>(uint64_t(m.rows), rows)));
}

}  // namespace peng::cli
