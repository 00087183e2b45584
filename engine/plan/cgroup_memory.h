#pragma once
// The memory limit a control group puts on this process. A container or a
// systemd slice may allow far less than the machine's MemAvailable, and a budget
// read from /proc/meminfo alone would plan past it and end in the OOM killer.
#include <cstdint>
#include <optional>
#include <string>

namespace peng {

struct CgroupMemory {
    uint64_t limit_bytes = 0;  // the tightest limit of this cgroup and its ancestors
    uint64_t used_bytes = 0;   // charged to that cgroup, less the reclaimable inactive file cache
    std::string limit_file;    // where the limit was read, for messages
};

// Reads the cgroup v2 memory.max (or, on a v1 hierarchy, memory.limit_in_bytes) of
// the cgroup this process is in and of every ancestor up to the mount point, from
// the files below `root` ("" for the running system; tests pass a fake tree).
// Returns nothing when no level sets a limit or the files cannot be read.
std::optional<CgroupMemory> read_cgroup_memory(const std::string& root = "");

}  // namespace peng
