#pragma once
// CPU seconds for the benches: unlike wall time, barely moved by other processes
// competing for the cores. clock_gettime's CPU clocks exist on Linux and, through
// winpthreads, in the mingw-w64 Windows build.
#include <time.h>

namespace peng::cli {

inline double cpu_clock_seconds(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}
// This process, all threads.
inline double process_cpu_seconds() { return cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }
// The calling thread.
inline double thread_cpu_seconds() { return cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID); }

}  // namespace peng::cli
