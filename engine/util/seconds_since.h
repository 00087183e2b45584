#pragma once
// Elapsed wall time on the steady clock, for profiles and progress reports.
#include <chrono>

namespace peng {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace peng
