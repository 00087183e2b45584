#include "experts/slot_pool.h"

#include <algorithm>
#include <chrono>

#include "util/parallel_for.h"

namespace peng {

namespace {

// One write per 4 KiB page faults the page in, whether the kernel backs the buffer
// with huge pages (allocate_large asks for them) or not.
void touch_pages(AlignedBuffer& buffer) {
    volatile uint8_t* p = buffer.data();
    for (uint64_t at = 0; at < buffer.size(); at += 4096) p[at] = 0;
}

}  // namespace

SlotPool::SlotPool(uint64_t bytes, size_t count, int threads) : bytes_(bytes), count_(bytes ? count : 0) {
    if (count_ == 0) return;
    buffers_.resize(count_);
    // The warmer is a thread of its own so that the constructor returns at once;
    // parallel_for shares the slots out among the threads inside it.
    warmer_ = std::thread([this, threads] {
        const auto start = std::chrono::steady_clock::now();
        parallel_for(buffers_.size(), size_t(std::max(threads, 0)), [this](size_t i) {
            try {
                buffers_[i].reserve(bytes_);
                touch_pages(buffers_[i]);
            } catch (...) {
                // Out of memory: the buffer stays empty and the slot is
                // allocated when it is first read, as without a pool.
            }
            ++warmed_;
        });
        warm_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    });
}

SlotPool::~SlotPool() { wait_warm(); }

void SlotPool::wait(const std::function<void(size_t, size_t)>& progress) const {
    while (progress && warmed_ < count_) {
        progress(warmed_, count_);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    wait_warm();
    if (progress) progress(count_, count_);
}

void SlotPool::wait_warm() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (warmer_.joinable()) warmer_.join();
}

AlignedBuffer SlotPool::take() {
    wait_warm();
    std::lock_guard<std::mutex> lock(mutex_);
    while (!buffers_.empty()) {
        AlignedBuffer b = std::move(buffers_.back());
        buffers_.pop_back();
        if (b.size()) return b;
    }
    return {};
}

uint64_t SlotPool::release(uint64_t bytes) {
    wait_warm();
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t freed = 0;
    while (freed < bytes && !buffers_.empty()) {
        freed += buffers_.back().size();
        buffers_.pop_back();
    }
    return freed;
}

size_t SlotPool::left() const {
    wait_warm();
    std::lock_guard<std::mutex> lock(mutex_);
    return buffers_.size();
}

double SlotPool::warm_seconds() const {
    wait_warm();
    return warm_s_;
}

}  // namespace peng
