#pragma once
// Bandwidths measured on this machine, for speed bounds: memory read bandwidth
// (a STREAM-like read over a buffer far larger than the caches, all cores) and raw
// O_DIRECT disk read bandwidth for a given request size.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace peng {

// A buffer far larger than the caches, each page touched by the thread that reads it,
// for reading memory on every OpenMP thread (the reads `peng-cli bench kernels` uses
// as its yardstick). Kept for several measurements, it is allocated and faulted in once.
class MemoryReadBuffer {
public:
    explicit MemoryReadBuffer(uint64_t bytes);
    // One read of the whole buffer, plain or prefetched, in GB/s (1e9 bytes per second).
    double read_GBps(bool prefetch) const;
    // The fastest of `passes` plain and `passes` prefetched reads.
    double best_GBps(int passes) const;

private:
    uint64_t bytes_;
    std::unique_ptr<uint64_t[]> data_;
};

// GB/s reading `bytes` of RAM `passes` times (a MemoryReadBuffer of its own).
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
SharedReadResult measure_reads_together(const MemoryReadBuffer& memory, const std::vector<std::string>& files,
                                        uint64_t request_bytes, int requests, int io_threads, int passes = 2);

// The cores beside the disk: the FMA yardstick (kernels/fma_peak.h) on every OpenMP
// thread, which touches no memory, alone and while the disk reads as measure_disk_read
// does. A share below 1 means reading the disk costs the cores cycles: interrupts, or
// a virtual disk the host serves on the guest's own CPU time (a cost the guest's steal
// counter need not show). Then compute and reads cannot overlap for free. The rates
// are means over passes of about 20 ms, not the best pass: such a cost can come in
// bursts that a single short pass escapes, while a decode runs through them.
struct CoresBesideDiskResult {
    double alone_GFLOPs = 0;       // the mean of `passes` passes with nothing else running
    double while_disk_GFLOPs = 0;  // the mean of the passes that ended with the disk still reading; 0 if none did
    int passes = 0;                // passes that ended with the disk still reading
    double share() const { return alone_GFLOPs > 0 ? while_disk_GFLOPs / alone_GFLOPs : 0; }
};
CoresBesideDiskResult measure_cores_beside_disk(const std::vector<std::string>& files, uint64_t request_bytes,
                                                int requests, int io_threads, int passes = 20);

}  // namespace peng
