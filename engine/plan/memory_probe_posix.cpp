// Memory figures on Linux (see memory_probe.h).
#ifndef _WIN32
#include "plan/memory_probe.h"

#include <algorithm>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "plan/cgroup_memory.h"

namespace peng {

MemoryStatus probe_memory() {
    MemoryStatus status;
    if (FILE* f = std::fopen("/proc/meminfo", "r")) {
        char key[64];
        unsigned long long kib = 0;
        while (std::fscanf(f, "%63s %llu kB\n", key, &kib) == 2) {
            if (!std::strcmp(key, "MemTotal:")) status.total_bytes = kib * 1024;
            if (!std::strcmp(key, "MemAvailable:")) status.available_bytes = kib * 1024;
        }
        std::fclose(f);
    }
    if (status.total_bytes == 0) {
        const long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
        status.total_bytes = uint64_t(pages) * uint64_t(size);
        status.available_bytes = uint64_t(avail) * uint64_t(size);
    }
    if (const std::optional<CgroupMemory> cgroup = read_cgroup_memory()) {
        const uint64_t room = cgroup->limit_bytes > cgroup->used_bytes ? cgroup->limit_bytes - cgroup->used_bytes : 0;
        if (cgroup->limit_bytes < status.total_bytes || room < status.available_bytes) {
            status.total_bytes = std::min(status.total_bytes, cgroup->limit_bytes);
            status.available_bytes = std::min(status.available_bytes, room);
            status.limited_by = cgroup->limit_file;
        }
    }
    return status;
}

uint64_t current_rss_bytes() {
    unsigned long long size = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%llu %llu", &size, &resident) != 2) resident = 0;
        std::fclose(f);
    }
    return resident * uint64_t(sysconf(_SC_PAGESIZE));
}

uint64_t peak_rss_bytes() {
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace peng
#endif
