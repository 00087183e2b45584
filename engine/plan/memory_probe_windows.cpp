// Memory figures on Windows (see memory_probe.h): GlobalMemoryStatusEx for the
// machine, the process's working set for its resident memory.
#ifdef _WIN32
#include <windows.h>
#include <psapi.h>

#include "plan/memory_probe.h"

namespace peng {

namespace {
PROCESS_MEMORY_COUNTERS process_counters() {
    PROCESS_MEMORY_COUNTERS counters{};
    counters.cb = sizeof(counters);
    GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof(counters));
    return counters;
}
}  // namespace

MemoryStatus probe_memory() {
    MEMORYSTATUSEX memory{};
    memory.dwLength = sizeof(memory);
    MemoryStatus status;
    if (GlobalMemoryStatusEx(&memory)) {
        status.total_bytes = memory.ullTotalPhys;
        status.available_bytes = memory.ullAvailPhys;
    }
    return status;
}

uint64_t current_rss_bytes() { return process_counters().WorkingSetSize; }

uint64_t peak_rss_bytes() { return process_counters().PeakWorkingSetSize; }

}  // namespace peng
#endif
