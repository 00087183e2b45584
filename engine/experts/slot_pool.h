#pragma once
// Memory for the expert cache, faulted in while the model loads.
//
// A page the process has never touched costs the kernel a zero-fill on first touch
// (and, in a virtual machine, a fault on the host as well). The I/O threads pay that
// inside the O_DIRECT read that fills a new slot, and on a desktop with few cores
// they take the cores from the kernels: measured on flash-shape (2 cores, 4 layers),
// 42% of the run's CPU time was clear_page under the reads of fresh slots, and the
// decode at --cap 256 ran at a quarter of --cap 16's speed (issue 20). The pool
// touches every slot the RAM budget allows on a background thread while the dense
// weights load, so a growing cache never faults during decode.
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "io/direct_reader.h"

namespace peng {

class SlotPool {
public:
    // `count` buffers of `bytes` each; their pages are touched by up to `threads`
    // threads in the background (threads <= 0: the hardware's count).
    SlotPool(uint64_t bytes, size_t count, int threads = 0);
    ~SlotPool();
    SlotPool(const SlotPool&) = delete;
    SlotPool& operator=(const SlotPool&) = delete;

    // A touched buffer, or an empty one once every buffer has been handed out. The
    // first call waits for the touching to end.
    AlignedBuffer take();
    // Frees buffers not handed out, until `bytes` are released; returns the bytes freed.
    uint64_t release(uint64_t bytes);
    uint64_t buffer_bytes() const { return bytes_; }
    size_t left() const;                 // buffers not yet handed out
    double warm_seconds() const;         // how long the touching took (waits for it)
    size_t warmed() const { return warmed_; }  // buffers touched so far
    size_t count() const { return count_; }
    // Waits for the touching to end, calling `progress(warmed, count)` about every
    // 50 ms meanwhile (a load shows it as a step).
    void wait(const std::function<void(size_t, size_t)>& progress) const;
    uint64_t warm_bytes() const { return bytes_ * count_; }

private:
    void wait_warm() const;

    uint64_t bytes_;
    size_t count_;
    mutable std::mutex mutex_;
    mutable std::thread warmer_;
    std::vector<AlignedBuffer> buffers_;
    std::atomic<double> warm_s_{0};
    std::atomic<size_t> warmed_{0};
};

}  // namespace peng
