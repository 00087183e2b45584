#include "server/connection_gate.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>

#include "server/server_metrics.h"
#include "util/error.h"

namespace peng::server {

ConnectionGate::ConnectionGate(GateLimits limits, ServerMetrics& metrics, Ready ready)
    : limits_(limits), metrics_(metrics), ready_(std::move(ready)), wake_fd_(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    if (wake_fd_ < 0) throw Error("cannot create the server's connection gate (eventfd failed)");
    thread_ = std::thread([this] { loop(); });
}

ConnectionGate::~ConnectionGate() {
    stop();
    ::close(wake_fd_);
}

void ConnectionGate::admit(int fd) { post({fd, nullptr, Wait::Head}); }

void ConnectionGate::await_next(std::shared_ptr<ClientConnection> connection) {
    post({-1, std::move(connection), Wait::NextHead});
}

void ConnectionGate::close(std::shared_ptr<ClientConnection> connection) {
    post({-1, std::move(connection), Wait::Linger});
}

void ConnectionGate::post(Arrival arrival) {
    {
        std::lock_guard lock(mutex_);
        if (!stopped_) {
            inbox_.push_back(std::move(arrival));
            const uint64_t one = 1;
            (void)!::write(wake_fd_, &one, sizeof one);
            return;
        }
    }
    if (arrival.fd >= 0) ::close(arrival.fd);   // stopped: nothing waits any more
}

void ConnectionGate::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopped_) return;
        stopped_ = true;
        const uint64_t one = 1;
        (void)!::write(wake_fd_, &one, sizeof one);
    }
    if (thread_.joinable()) thread_.join();
    std::vector<Arrival> left;
    {
        std::lock_guard lock(mutex_);
        left.swap(inbox_);
    }
    for (const Arrival& arrival : left)
        if (arrival.fd >= 0) ::close(arrival.fd);
    left.clear();
    waiting_.clear();
}

size_t ConnectionGate::open_connections() const {
    std::lock_guard lock(mutex_);
    return open_;
}

void ConnectionGate::loop() {
    std::vector<pollfd> polled;
    for (;;) {
        std::vector<Arrival> arrivals;
        {
            std::lock_guard lock(mutex_);
            if (stopped_) return;
            arrivals.swap(inbox_);
        }
        for (Arrival& arrival : arrivals) take(arrival);
        Clock::time_point now = Clock::now();
        Clock::time_point next = now + std::chrono::seconds(1);
        for (size_t i = waiting_.size(); i-- > 0;) {
            if (waiting_[i].deadline <= now)
                drop(i, waiting_[i].wait == Wait::Head ? "head_timeout" : nullptr);
            else
                next = std::min(next, waiting_[i].deadline);
        }
        polled.assign(1, pollfd{wake_fd_, POLLIN, 0});
        for (const Waiting& w : waiting_) polled.push_back({w.connection->socket(), POLLIN, 0});
        const auto timeout = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        if (poll(polled.data(), polled.size(), int(timeout)) <= 0) continue;
        if (polled[0].revents) {
            uint64_t count;
            (void)!::read(wake_fd_, &count, sizeof count);
        }
        now = Clock::now();
        // From the back: service() may swap the last entry into the place it empties.
        for (size_t i = waiting_.size(); i-- > 0;)
            if (polled[i + 1].revents) service(i, polled[i + 1].revents, now);
    }
}

void ConnectionGate::take(Arrival& arrival) {
    if (arrival.fd < 0) {
        watch(std::move(arrival.connection), arrival.wait);
        return;
    }
    // Counted from here on; uncounted when closed, on whichever thread that happens.
    auto connection = std::make_shared<ClientConnection>(arrival.fd, [this](const std::string& address) {
        std::lock_guard lock(mutex_);
        --open_;
        if (--per_address_[address] == 0) per_address_.erase(address);
    });
    const std::string address = connection->address();
    {
        std::lock_guard lock(mutex_);
        ++open_;
        ++per_address_[address];
    }
    if (!make_room(address)) return;   // shed: closing it uncounts it
    watch(std::move(connection), Wait::Head);
    // A head that came with the connection goes on at once instead of waiting for the
    // next poll, where a burst of newcomers from its address could shed it first.
    service(waiting_.size() - 1, POLLIN, Clock::now());
}

// Sheds the oldest waiting connection while a cap is exceeded; false when the
// newcomer itself must go (nothing that only waits is left to shed).
bool ConnectionGate::make_room(const std::string& address) {
    for (;;) {
        size_t from_address, open;
        {
            std::lock_guard lock(mutex_);
            from_address = per_address_[address];
            open = open_;
        }
        const bool address_full = from_address > limits_.max_per_address;
        if (!address_full && open <= limits_.max_connections) return true;
        const char* reason = address_full ? "address_cap" : "connection_cap";
        if (!shed_oldest(address_full ? &address : nullptr, reason)) {
            metrics_.count_shed(reason);
            return false;
        }
    }
}

bool ConnectionGate::shed_oldest(const std::string* address, const char* reason) {
    size_t oldest = waiting_.size();
    for (size_t i = 0; i < waiting_.size(); ++i)
        if ((!address || waiting_[i].connection->address() == *address) &&
            (oldest == waiting_.size() || waiting_[i].order < waiting_[oldest].order))
            oldest = i;
    if (oldest == waiting_.size()) return false;
    drop(oldest, reason);
    return true;
}

void ConnectionGate::watch(std::shared_ptr<ClientConnection> connection, Wait wait) {
    const Clock::time_point now = Clock::now();
    if (wait == Wait::Linger) {
        // The response is out: say so (FIN), then read what the client still sends.
        ::shutdown(connection->socket(), SHUT_WR);
        waiting_.push_back({std::move(connection), wait, now + limits_.linger, next_order_++});
        return;
    }
    if (connection->has_head()) {   // pipelined: the next head came with the last request
        ready_(std::move(connection));
        return;
    }
    if (connection->unread() > 0) wait = Wait::Head;
    const auto limit = wait == Wait::Head ? limits_.head_timeout : limits_.keep_alive_timeout;
    waiting_.push_back({std::move(connection), wait, now + limit, next_order_++});
}

void ConnectionGate::service(size_t index, short events, Clock::time_point now) {
    Waiting& w = waiting_[index];
    if (w.wait == Wait::Linger) {
        if (!w.connection->discard_available()) drop(index, nullptr);
        return;
    }
    if (!(events & POLLIN) || !w.connection->receive_available(limits_.max_head_bytes)) {
        drop(index, nullptr);   // the client left
        return;
    }
    if (w.wait == Wait::NextHead && w.connection->unread() > 0) {
        w.wait = Wait::Head;   // a new request began: its head has the full time
        w.deadline = now + limits_.head_timeout;
    }
    if (w.connection->has_head()) {
        std::shared_ptr<ClientConnection> ready = std::move(w.connection);
        drop(index, nullptr);
        ready_(std::move(ready));
    } else if (w.connection->unread() >= limits_.max_head_bytes) {
        drop(index, "head_too_large");
    }
}

void ConnectionGate::drop(size_t index, const char* reason) {
    if (reason) metrics_.count_shed(reason);
    std::swap(waiting_[index], waiting_.back());
    waiting_.pop_back();
}

}  // namespace peng::server
