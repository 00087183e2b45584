#pragma once
// A bounded pool of I/O threads: expert reads run here so that missed experts load
// while resident ones compute. Urgent tasks (reads the forward pass is about to
// wait for) go ahead of queued speculative ones (prefetch); each class runs in order.
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
    explicit IoPool(int threads);
    ~IoPool();
    IoPool(const IoPool&) = delete;
    IoPool& operator=(const IoPool&) = delete;

    // The future carries the task's exception, if any, to whoever waits on it.
    std::future<void> submit(std::function<void()> task, bool urgent = true);
    int threads() const { return static_cast<int>(workers_.size()); }

private:
    void work();

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::packaged_task<void()>> urgent_, speculative_;
    bool stopping_ = false;
    std::vector<std::thread> workers_;
};

}  // namespace peng
