#include "kernels/thread_scope.h"

#include <omp.h>

#include "util/error.h"

namespace peng {

KernelThreadScope::KernelThreadScope(int threads) : previous_(omp_get_max_threads()) {
    if (threads < 0) throw Error("the thread count must be positive (0 = all cores)");
    threads_ = threads > 0 ? threads : previous_;
    omp_set_num_threads(threads_);
}

KernelThreadScope::~KernelThreadScope() { omp_set_num_threads(previous_); }

}  // namespace peng
