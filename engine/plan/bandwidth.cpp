#include "plan/bandwidth.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <thread>

#include "io/direct_reader.h"
#include "kernels/kernel_isa.h"
#include "kernels/memory_read.h"
#include "util/error.h"

namespace peng {

// The same reads `peng-cli bench kernels` uses as its yardstick, on every thread: each
// pass reads plain and prefetched, and the fastest read counts.
double measure_memory_read_GBps(uint64_t bytes, int passes) {
    const size_t n = bytes / sizeof(uint64_t);
    std::unique_ptr<uint64_t[]> data(new uint64_t[n]);
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i) data[i] = i;  // touch every page from the thread that reads it
    const auto* base = reinterpret_cast<const uint8_t*>(data.get());
    const KernelIsa isa = active_isa();
    double best = 0;
    for (int read = 0; read < 2 * passes; ++read) {
        const bool prefetch = read % 2;
        const auto start = std::chrono::steady_clock::now();
        uint64_t sum = 0;
#pragma omp parallel reduction(^ : sum)
        {
            const size_t threads = size_t(omp_get_num_threads()), t = size_t(omp_get_thread_num());
            const size_t chunk = (n / threads) * sizeof(uint64_t);
            const size_t length = t + 1 == threads ? bytes - t * chunk : chunk;
            sum ^= read_checksum(base + t * chunk, length, isa, prefetch);
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (sum == 42) std::abort();  // keeps the reads alive; never true for this data
        best = std::max(best, double(bytes) / s / 1e9);
    }
    return best;
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
    std::atomic<int> next{0};
    std::atomic<uint64_t> total{0};
    DiskReadResult result;
    result.direct = targets.front().reader->is_direct();
    result.files = static_cast<int>(files.size());
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int t = 0; t < std::max(1, threads); ++t)
        workers.emplace_back([&] {
            AlignedBuffer buffer(request_bytes + 2 * kDirectAlignment);
            for (int i = next++; i < requests; i = next++) {
                const Target& target = targets[size_t(i) % targets.size()];
                // Distinct aligned offsets, so that no request is served twice from a cache.
                const uint64_t slots = target.size / request_bytes;
                const uint64_t offset = (uint64_t(i / int(targets.size())) % slots) * request_bytes;
                target.reader->read(offset, request_bytes, buffer);
                total += request_bytes;
            }
        });
    for (auto& w : workers) w.join();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.bytes = total.load();
    result.GBps = result.seconds > 0 ? double(result.bytes) / result.seconds / 1e9 : 0;
    return result;
}

}  // namespace peng
