#pragma once
// Where a connection waits while it holds no request the server can act on, watched by
// one thread (poll) instead of one thread each: a new connection until its request head
// has arrived, a kept-alive one until its next head, a closing one while its unread
// input drains (a client still sending a refused body reads the refusal instead of a
// reset). Only a whole head goes on to a worker, so clients that send their heads a
// byte at a time cost a socket each, not a thread, and the workers stay free for
// /health and the queue. Limits:
//   - a head must arrive whole within `head_timeout` and `max_head_bytes`;
//   - at most `max_connections` open connections, `max_per_address` from one address;
//     a newcomer over either cap sheds the oldest connection that is only waiting (of
//     its own address for the per-address cap), or is shed itself when none is.
#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/client_connection.h"

namespace peng::server {

class ServerMetrics;

struct GateLimits {
    std::chrono::milliseconds head_timeout{10000};
    std::chrono::milliseconds keep_alive_timeout{2000};   // for the next head to start
    std::chrono::milliseconds linger{2000};                // draining input before closing
    size_t max_head_bytes = 64 << 10;
    size_t max_connections = 256;
    size_t max_per_address = 32;
};

class ConnectionGate {
public:
    using Ready = std::function<void(std::shared_ptr<ClientConnection>)>;
    // `ready` gets each connection whose request head has arrived (on the gate's thread).
    ConnectionGate(GateLimits limits, ServerMetrics& metrics, Ready ready);
    ~ConnectionGate();
    ConnectionGate(const ConnectionGate&) = delete;
    ConnectionGate& operator=(const ConnectionGate&) = delete;

    void admit(int fd);                                          // a socket just accepted
    void await_next(std::shared_ptr<ClientConnection> connection);   // kept alive
    void close(std::shared_ptr<ClientConnection> connection);        // after its last response
    // Closes every waiting connection; what arrives later is closed at once.
    void stop();
    size_t open_connections() const;

private:
    enum class Wait { Head, NextHead, Linger };
    struct Waiting {
        std::shared_ptr<ClientConnection> connection;
        Wait wait;
        Clock::time_point deadline;
        uint64_t order;   // admission order: the lowest is the oldest
    };
    struct Arrival {
        int fd = -1;
        std::shared_ptr<ClientConnection> connection;
        Wait wait = Wait::Head;
    };

    void post(Arrival arrival);
    void loop();
    void take(Arrival& arrival);
    bool make_room(const std::string& address);
    bool shed_oldest(const std::string* address, const char* reason);
    void watch(std::shared_ptr<ClientConnection> connection, Wait wait);
    void service(size_t index, short events, Clock::time_point now);
    void drop(size_t index, const char* reason);

    const GateLimits limits_;
    ServerMetrics& metrics_;
    Ready ready_;
    int wake_fd_ = -1;

    mutable std::mutex mutex_;   // guards the inbox, the counts and stopped_
    std::vector<Arrival> inbox_;
    std::map<std::string, size_t> per_address_;
    size_t open_ = 0;
    bool stopped_ = false;

    std::vector<Waiting> waiting_;   // the gate thread's own
    uint64_t next_order_ = 0;
    std::thread thread_;
};

}  // namespace peng::server
