#pragma once
// A bounded pool of I/O threads: expert reads run here so that missed experts load
// while resident ones compute. Urgent tasks (reads the forward pass is about to
// wait for) go ahead of queued speculative ones (prefetch); each class runs in order.
// A speculative task that turns out to be needed is promoted by its tag.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace peng {

class IoPool {
public:
    // Throws peng::Error, with no thread left running, when the system cannot start them all.
    explicit IoPool(int threads);
    ~IoPool();
    IoPool(const IoPool&) = delete;
    IoPool& operator=(const IoPool&) = delete;

    // The future carries the task's exception, if any, to whoever waits on it.
    std::future<void> submit(std::function<void()> task, bool urgent = true, const void* tag = nullptr);
    // Moves the queued speculative tasks submitted with `tag` to the back of the urgent queue.
    void promote(const void* tag);
    int threads() const { return static_cast<int>(workers_.size()); }
    // Wall-clock seconds during which at least one task was running: the time the
    // disk had work (the rest of a decode, it sat idle).
    double busy_seconds() const;

private:
    using Clock = std::chrono::steady_clock;
    void work();
    void stop_workers();  // lets queued tasks finish, then joins every worker

    mutable std::mutex mutex_;
    int running_ = 0;
    Clock::time_point busy_since_;
    double busy_s_ = 0;
    std::condition_variable ready_;
    struct Task {
        std::packaged_task<void()> run;
        const void* tag;
    };
    std::deque<Task> urgent_, speculative_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace peng
