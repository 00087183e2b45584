#include "plan/bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <filesystem>
#include <memory>
#include <thread>

#include "io/direct_reader.h"
#include "kernels/fma_peak.h"
#include "kernels/kernel_isa.h"
#include "kernels/memory_read.h"
#include "util/error.h"
#include "util/parallel_for.h"

namespace peng {

MemoryReadBuffer::MemoryReadBuffer(uint64_t bytes) : bytes_(bytes), data_(new uint64_t[bytes / sizeof(uint64_t)]) {
    const size_t n = bytes / sizeof(uint64_t);
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i) data_[i] = i;
}

double MemoryReadBuffer::read_GBps(bool prefetch) const {
    const auto* base = reinterpret_cast<const uint8_t*>(data_.get());
    const size_t n = bytes_ / sizeof(uint64_t);
    const KernelIsa isa = active_isa();
    const auto start = std::chrono::steady_clock::now();
    uint64_t sum = 0;
#pragma omp parallel reduction(^ : sum)
    {
        const size_t threads = size_t(omp_get_num_threads()), t = size_t(omp_get_thread_num());
        const size_t chunk = (n / threads) * sizeof(uint64_t);
        const size_t length = t + 1 == threads ? bytes_ - t * chunk : chunk;
        sum ^= read_checksum(base + t * chunk, length, isa, prefetch);
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (sum == 42) std::abort();  // keeps the reads alive; never true for this data
    return double(bytes_) / s / 1e9;
}

double MemoryReadBuffer::best_GBps(int passes) const {
    double best = 0;
    for (int read = 0; read < 2 * passes; ++read) best = std::max(best, read_GBps(read % 2));
    return best;
}

double measure_memory_read_GBps(uint64_t bytes, int passes) { return MemoryReadBuffer(bytes).best_GBps(passes); }

namespace {

struct BesideDisk {
    double best = 0;       // the best rate of a pass that ended with the disk still reading
    double sum = 0;        // all such passes' rates together
    int passes = 0;        // such passes
    double disk_GBps = 0;  // the disk's rate over all its rounds
};

// The disk reads rounds of `requests` on a thread of its own while `pass` (one timed
// pass on the OpenMP threads, returning its rate; given its index) runs again and
// again, until `passes` passes have ended with the disk still reading (or for
// kMaxSeconds). A pass that ends after the disk's last round does not count, so every
// counted pass shared the machine with the disk the whole time.
template <class Pass>
BesideDisk passes_beside_disk(const std::vector<std::string>& files, uint64_t request_bytes, int requests, int io_threads,
                            int passes, Pass pass) {
    constexpr double kMaxSeconds = 10;  // a pass takes well under a second
    std::atomic<bool> enough{false}, disk_done{false};
    DiskReadResult disk_total;
    std::exception_ptr disk_error;
    std::thread disk([&] {
        try {
            const auto start = std::chrono::steady_clock::now();
            auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
            while (!enough && elapsed() < kMaxSeconds) {
                const DiskReadResult r = measure_disk_read(files, request_bytes, requests, io_threads);
                disk_total.bytes += r.bytes;
                disk_total.seconds += r.seconds;
            }
        } catch (...) {
            disk_error = std::current_exception();
        }
        disk_done = true;
    });
    BesideDisk result;
    for (int i = 0; !disk_done; ++i) {
        const double rate = pass(i);
        if (disk_done) break;
        result.best = std::max(result.best, rate);
        result.sum += rate;
        if (++result.passes >= passes) enough = true;
    }
    disk.join();
    if (disk_error) std::rethrow_exception(disk_error);
    result.disk_GBps = disk_total.seconds > 0 ? double(disk_total.bytes) / disk_total.seconds / 1e9 : 0;
    return result;
}

}  // namespace

SharedReadResult measure_reads_together(const MemoryReadBuffer& memory, const std::vector<std::string>& files,
                                        uint64_t request_bytes, int requests, int io_threads, int passes) {
    const BesideDisk r = passes_beside_disk(files, request_bytes, requests, io_threads, 2 * passes,
                                          [&](int i) { return memory.read_GBps(i % 2); });
    return {r.disk_GBps, r.best, r.passes};
}

CoresBesideDiskResult measure_cores_beside_disk(const std::vector<std::string>& files, uint64_t request_bytes,
                                                int requests, int io_threads, int passes) {
    const FmaPass fma(active_isa(), omp_get_max_threads());
    CoresBesideDiskResult result;
    for (int i = 0; i < passes; ++i) result.alone_GFLOPs += fma.run_GFLOPs() / passes;
    const BesideDisk r =
        passes_beside_disk(files, request_bytes, requests, io_threads, passes, [&](int) { return fma.run_GFLOPs(); });
    result.while_disk_GFLOPs = r.passes > 0 ? r.sum / r.passes : 0;
    result.passes = r.passes;
    return result;
}

DiskReadResult measure_disk_read(const std::vector<std::string>& files, uint64_t request_bytes, int requests,
                                 int threads) {
    if (files.empty()) throw Error("no files to measure disk bandwidth on");
    struct Target {
        std::unique_ptr<DirectReader> reader;
        uint64_t size;
    };
    std::vector<Target> targets;
    for (const auto& f : files) {
        const uint64_t size = std::filesystem::file_size(f);
        if (size >= request_bytes) targets.push_back({std::make_unique<DirectReader>(f, true), size});
    }
    if (targets.empty()) throw Error("no file is large enough for " + std::to_string(request_bytes) + "-byte reads");
    std::atomic<uint64_t> total{0};
    DiskReadResult result;
    result.direct = targets.front().reader->is_direct();
    result.files = static_cast<int>(files.size());
    const auto start = std::chrono::steady_clock::now();
    std::vector<AlignedBuffer> buffers(size_t(std::max(1, threads)));   // one per thread, made by its first request
    parallel_for(size_t(std::max(0, requests)), buffers.size(), [&](size_t request, size_t worker) {
        const int i = int(request);
        AlignedBuffer& buffer = buffers[worker];
        buffer.reserve(request_bytes + 2 * kDirectAlignment);
        const Target& target = targets[size_t(i) % targets.size()];
        // Distinct aligned offsets, so that no request is served twice from a cache.
        const uint64_t slots = target.size / request_bytes;
        const uint64_t offset = (uint64_t(i / int(targets.size())) % slots) * request_bytes;
        target.reader->read(offset, request_bytes, buffer);
        total += request_bytes;
    });
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.bytes = total.load();
    result.GBps = result.seconds > 0 ? double(result.bytes) / result.seconds / 1e9 : 0;
    return result;
}

}  // namespace peng
