#pragma once
// Runs N independent jobs on a few threads: the one "share out the indices" loop
// that hashing files, warming slots, reading the disk and downloading files use.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace peng {

// How many threads parallel_for(count, threads, ...) runs on: `threads` (0: one per
// core), never more than there are jobs.
inline size_t parallel_for_threads(size_t count, size_t threads) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    return std::min(count, threads);
}

// Calls body(index, worker) once for each index in [0, count), on
// parallel_for_threads(count, threads) threads, the calling thread among them;
// `worker` in [0, that count) names the thread, for state a thread keeps across its
// jobs. Indices go to whichever thread is free next, in increasing order, so one
// thread runs them in order. After the first exception no new index starts; the
// others running finish, and that exception is rethrown once all have joined.
// `stop` (may be null): no new index starts once it is true, and the first exception
// sets it, so that running jobs that watch it can end early.
inline void parallel_for(size_t count, size_t threads, const std::function<void(size_t index, size_t worker)>& body,
                         std::atomic<bool>* stop = nullptr) {
    const size_t workers = parallel_for_threads(count, threads);
    std::atomic<size_t> next{0};
    std::mutex failure_mutex;
    std::exception_ptr failure;
    auto work = [&](size_t worker) {
        for (size_t i; !(stop && *stop) && (i = next++) < count;) {
            try {
                body(i, worker);
            } catch (...) {
                std::lock_guard<std::mutex> lock(failure_mutex);
                if (!failure) failure = std::current_exception();
                next = count;
                if (stop) *stop = true;
            }
        }
    };
    std::vector<std::thread> pool;
    for (size_t w = 1; w < workers; ++w) pool.emplace_back(work, w);
    if (workers > 0) work(0);
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

// The same for jobs that keep no per-thread state: body(index).
inline void parallel_for(size_t count, size_t threads, const std::function<void(size_t index)>& body,
                         std::atomic<bool>* stop = nullptr) {
    parallel_for(count, threads, [&](size_t index, size_t) { body(index); }, stop);
}

}  // namespace peng
