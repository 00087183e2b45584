#pragma once
// One client's TCP connection, as cpp-httplib reads and writes it (an httplib::Stream).
// The gate (connection_gate.h) reads the request head into it without a thread; a
// worker then hands it to httplib, which gets the buffered head first and the socket
// after. Reads past the head, the body, have a deadline and a byte budget for the
// whole request, so a client that trickles a body, or wraps a small one in endless
// chunk headers, loses its connection instead of holding a thread or memory.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>

#include <httplib.h>

namespace peng::server {

using Clock = std::chrono::steady_clock;

class ClientConnection : public httplib::Stream {
public:
    // Takes the accepted socket `fd`; `on_close` gets address() once the socket is closed.
    ClientConnection(int fd, std::function<void(const std::string&)> on_close);
    ~ClientConnection() override;
    ClientConnection(const ClientConnection&) = delete;
    ClientConnection& operator=(const ClientConnection&) = delete;

    // The peer's address ("" when the socket has none), what per-address caps count.
    const std::string& address() const { return address_; }

    // Gate side, non-blocking. Reads what has arrived while at most `cap` bytes are
    // buffered; false once the peer closed or the socket failed.
    bool receive_available(size_t cap);
    // Whether the unread bytes hold a whole request head (its blank line).
    bool has_head();
    size_t unread() const { return buffer_.size() - position_; }
    // Reads and drops what has arrived; false once the peer closed or the socket failed.
    bool discard_available();

    // Worker side: a request whose head is buffered starts; what follows the head must
    // arrive by `deadline` and come to at most `budget` bytes.
    void begin_request(Clock::time_point deadline, size_t budget);
    bool over_budget() const { return over_budget_; }
    bool past_deadline() const { return past_deadline_; }
    size_t body_bytes() const { return body_bytes_; }   // read past the head, as sent
    int requests() const { return requests_; }
    // Set when the response must be the connection's last (a body may be left unread).
    bool close_after_response = false;
    // The most bytes the request's body took once decoded (request_body.h).
    size_t body_held = 0;

    // The connection whose request this thread is serving, or nullptr.
    static ClientConnection* current();
    class Serving {   // marks `connection` as this thread's for a scope
    public:
        explicit Serving(ClientConnection& connection);
        ~Serving();
    };

    // httplib::Stream
    bool is_readable() const override;
    bool is_writable() const override;
    ssize_t read(char* ptr, size_t size) override;
    ssize_t write(const char* ptr, size_t size) override;
    void get_remote_ip_and_port(std::string& ip, int& port) const override;
    void get_local_ip_and_port(std::string& ip, int& port) const override;
    socket_t socket() const override { return fd_; }

    static constexpr std::chrono::seconds kReadTimeout{10};    // any one read
    static constexpr std::chrono::seconds kWriteTimeout{30};   // any one write

private:
    bool wait_readable(std::chrono::milliseconds limit) const;

    int fd_;
    std::function<void(const std::string&)> on_close_;
    std::string address_;
    int port_ = 0;
    std::string buffer_;
    size_t position_ = 0;       // first unread byte of buffer_
    size_t scanned_ = 0;        // has_head() searched up to here
    size_t head_end_ = 0;       // bytes up to here belong to the current request's head
    Clock::time_point deadline_ = Clock::time_point::max();
    size_t budget_ = 0, body_bytes_ = 0;
    bool over_budget_ = false, past_deadline_ = false;
    int requests_ = 0;
};

}  // namespace peng::server
