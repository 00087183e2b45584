#include "io/io_pool.h"

#include <system_error>

#include "util/error.h"

namespace peng {

IoPool::IoPool(int threads) {
    if (threads < 1) threads = 1;
    try {
        for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
    } catch (const std::system_error& e) {
        // The destructor will not run: join the started threads here, or their
        // std::thread objects would terminate the process when destroyed.
        const size_t started = workers_.size();
        stop_workers();
        throw Error("cannot start I/O thread " + std::to_string(started + 1) + " of " + std::to_string(threads) +
                    ": " + e.what() + " (ask for fewer I/O threads)");
    }
}

IoPool::~IoPool() { stop_workers(); }

void IoPool::stop_workers() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_all();
    for (auto& w : workers_) w.join();
    workers_.clear();
}

std::future<void> IoPool::submit(std::function<void()> task, bool urgent, const void* tag) {
    std::packaged_task<void()> packaged(std::move(task));
    std::future<void> result = packaged.get_future();
    {
        std::lock_guard<std::mutex> lock(mutex_);
        (urgent ? urgent_ : speculative_).push_back({std::move(packaged), tag});
    }
    ready_.notify_one();
    return result;
}

void IoPool::promote(const void* tag) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = speculative_.begin(); it != speculative_.end();)
        if (it->tag == tag) {
            urgent_.push_back(std::move(*it));
            it = speculative_.erase(it);
        } else {
            ++it;
        }
}

void IoPool::work() {
    while (true) {
        std::packaged_task<void()> task;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !urgent_.empty() || !speculative_.empty(); });
            if (urgent_.empty() && speculative_.empty()) return;  // stopping, and everything queued has run
            auto& queue = urgent_.empty() ? speculative_ : urgent_;
            task = std::move(queue.front().run);
            queue.pop_front();
            if (running_++ == 0) busy_since_ = Clock::now();
        }
        task();
        std::lock_guard<std::mutex> lock(mutex_);
        if (--running_ == 0) busy_s_ += std::chrono::duration<double>(Clock::now() - busy_since_).count();
    }
}

double IoPool::busy_seconds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    const double open = running_ ? std::chrono::duration<double>(Clock::now() - busy_since_).count() : 0.0;
    return busy_s_ + open;
}

}  // namespace peng
