#pragma once
// What the operating system says about memory: how much is available to us now,
// and how much this process holds resident.
#include <cstdint>
#include <string>

namespace peng {

struct MemoryStatus {
    uint64_t total_bytes = 0;
    uint64_t available_bytes = 0;  // Linux MemAvailable: free plus reclaimable cache
    // Set when a cgroup memory limit (a container, a systemd slice) is tighter than
    // the machine: the file it came from. Both figures above are then that limit's.
    std::string limited_by;
};

MemoryStatus probe_memory();
uint64_t current_rss_bytes();
uint64_t peak_rss_bytes();

}  // namespace peng
