#pragma once
// Timing for the kernel benches (`bench kernels`, `run --bound`'s roofline): the best
// of repeated passes (the STREAM convention), and the rate a kernel keeps up over data
// that stays cached.
#include <cstdint>
#include <functional>

#include "kernels/matrix.h"

namespace peng::cli {

struct Timing {
    double GBps = 0;
    // CPU time the process got over the timed passes, per thread and wall second:
    // well below 1 means other programs took the cores and the figure is low.
    double cpu_share = 0;
};

// Runs `pass` (which moves `bytes` from memory) until `seconds` have gone and at
// least three times after a warm-up pass; returns the best pass.
Timing best_GBps(uint64_t bytes, double seconds, const std::function<void()>& pass);

// Best GB/s of `call` (which reads `bytes`) repeated over cache-resident data: enough
// calls per timed pass that thread start-up does not show.
double in_cache_GBps(uint64_t bytes, double seconds, const std::function<void()>& call);

// The matrix's first rows, whole 128-row FP8 scale blocks (at least one), about `bytes`.
MatrixView cached_rows(const MatrixView& m, uint64_t bytes);

}  // namespace peng::cli
