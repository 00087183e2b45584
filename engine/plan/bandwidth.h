#pragma once
// Bandwidths measured on this machine, for speed bounds: memory read bandwidth
// (a STREAM-like read over a buffer far larger than the caches, all cores) and raw
// O_DIRECT disk read bandwidth for a given request size.
#include <cstdint>
#include <string>
#include <vector>

namespace peng {

// GB/s (1e9 bytes per second) reading `bytes` of RAM `passes` times.
double measure_memory_read_GBps(uint64_t bytes = 1ULL << 30, int passes = 3);

struct DiskReadResult {
    double GBps = 0;
    uint64_t bytes = 0;
    double seconds = 0;
    bool direct = false;  // false when the filesystem refused O_DIRECT
    int files = 0;        // files read
};

// Reads `requests` requests of `request_bytes` spread over `files` (whole files
// cycled through in order) from `threads` threads, as raw O_DIRECT reads.
DiskReadResult measure_disk_read(const std::vector<std::string>& files, uint64_t request_bytes, int requests,
                                 int threads);

// Disk and memory read at once, as a decode reads them: the memory's best read (each
// pass plain or prefetched, at least `passes` of each) while the disk reads requests
// as measure_disk_read does, and the disk's rate meanwhile.
struct SharedReadResult {
    double disk_GBps = 0;    // while the memory reads
    double memory_GBps = 0;  // while the disk reads; 0 if no read ended before the disk did
    int memory_passes = 0;   // memory reads that ended with the disk still reading
};
SharedReadResult measure_reads_together(const std::vector<std::string>& files, uint64_t request_bytes,
                                        int requests, int io_threads, uint64_t memory_bytes, int passes = 2);

}  // namespace peng
