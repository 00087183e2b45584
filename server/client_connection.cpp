#include "server/client_connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace peng::server {

namespace {

thread_local ClientConnection* serving = nullptr;

// The numeric address and port of a socket name.
void describe(const sockaddr_storage& name, std::string& ip, int& port) {
    char text[INET6_ADDRSTRLEN] = "";
    if (name.ss_family == AF_INET) {
        const auto& v4 = reinterpret_cast<const sockaddr_in&>(name);
        inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
        port = ntohs(v4.sin_port);
    } else if (name.ss_family == AF_INET6) {
        const auto& v6 = reinterpret_cast<const sockaddr_in6&>(name);
        inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
        port = ntohs(v6.sin6_port);
    }
    ip = text;
}

bool wait_for(int fd, short events, std::chrono::milliseconds limit) {
    pollfd entry{fd, events, 0};
    for (;;) {
        const int ready = poll(&entry, 1, int(std::max<int64_t>(0, limit.count())));
        if (ready >= 0) return ready > 0;
        if (errno != EINTR) return false;
    }
}

std::chrono::milliseconds until(Clock::time_point deadline) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
}

}  // namespace

ClientConnection::ClientConnection(int fd, std::function<void(const std::string&)> on_close) : fd_(fd), on_close_(std::move(on_close)) {
    sockaddr_storage peer{};
    socklen_t size = sizeof peer;
    if (getpeername(fd_, reinterpret_cast<sockaddr*>(&peer), &size) == 0) describe(peer, address_, port_);
}

ClientConnection::~ClientConnection() {
    ::close(fd_);
    if (on_close_) on_close_(address_);
}

bool ClientConnection::receive_available(size_t cap) {
    if (position_ > 0) {   // the gate keeps only what is still to be read
        buffer_.erase(0, position_);
        scanned_ = scanned_ > position_ ? scanned_ - position_ : 0;
        position_ = 0;
    }
    char chunk[4096];
    while (buffer_.size() < cap) {
        const ssize_t n = recv(fd_, chunk, std::min(sizeof chunk, cap - buffer_.size()), MSG_DONTWAIT);
        if (n > 0) {
            buffer_.append(chunk, size_t(n));
        } else if (n == 0) {
            return false;
        } else if (errno != EINTR) {
            return errno == EAGAIN || errno == EWOULDBLOCK;
        }
    }
    return true;
}

bool ClientConnection::has_head() {
    // httplib ends a head at its first empty line: "\r\n" right after a line's "\n".
    const size_t from = std::max(position_, scanned_ >= 2 ? scanned_ - 2 : size_t(0));
    const size_t found = buffer_.find("\n\r\n", from);
    if (found == std::string::npos) {
        scanned_ = buffer_.size();
        return false;
    }
    head_end_ = found + 3;
    scanned_ = head_end_;
    return true;
}

bool ClientConnection::discard_available() {
    buffer_.clear();
    position_ = scanned_ = head_end_ = 0;
    char chunk[4096];
    for (;;) {
        const ssize_t n = recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
        if (n == 0) return false;
        if (n < 0 && errno != EINTR) return errno == EAGAIN || errno == EWOULDBLOCK;
    }
}

void ClientConnection::begin_request(Clock::time_point deadline, size_t budget) {
    ++requests_;
    deadline_ = deadline;
    budget_ = budget;
    body_bytes_ = body_held = 0;
    over_budget_ = past_deadline_ = close_after_response = false;
}

ClientConnection* ClientConnection::current() { return serving; }

ClientConnection::Serving::Serving(ClientConnection& connection) { serving = &connection; }

ClientConnection::Serving::~Serving() { serving = nullptr; }

bool ClientConnection::wait_readable(std::chrono::milliseconds limit) const {
    return wait_for(fd_, POLLIN, std::min<std::chrono::milliseconds>(limit, kReadTimeout));
}

bool ClientConnection::is_readable() const { return unread() > 0 || wait_readable(until(deadline_)); }

bool ClientConnection::is_writable() const {
    if (!wait_for(fd_, POLLOUT, kWriteTimeout)) return false;
    // Still there? A peer that closed reads as end of file.
    if (unread() > 0 || !wait_for(fd_, POLLIN, std::chrono::milliseconds(0))) return true;
    char byte;
    const ssize_t n = recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR));
}

ssize_t ClientConnection::read(char* ptr, size_t size) {
    if (unread() == 0) {
        if (body_bytes_ >= budget_) {
            over_budget_ = true;
            return -1;
        }
        buffer_.clear();
        position_ = scanned_ = head_end_ = 0;
        char chunk[4096];
        ssize_t n = -1;
        while (n < 0) {
            if (Clock::now() >= deadline_) {
                past_deadline_ = true;
                return -1;
            }
            if (!wait_readable(until(deadline_))) {
                past_deadline_ = Clock::now() >= deadline_;
                return -1;
            }
            n = recv(fd_, chunk, sizeof chunk, MSG_DONTWAIT);
            if (n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) return -1;
        }
        if (n == 0) return 0;
        buffer_.assign(chunk, size_t(n));
    }
    const size_t n = std::min(size, unread());
    // Bytes past the head are the body's, whose total the budget bounds.
    if (position_ + n > head_end_) body_bytes_ += position_ + n - std::max(position_, head_end_);
    std::memcpy(ptr, buffer_.data() + position_, n);
    position_ += n;
    return ssize_t(n);
}

ssize_t ClientConnection::write(const char* ptr, size_t size) {
    for (;;) {
        if (!wait_for(fd_, POLLOUT, kWriteTimeout)) return -1;
        const ssize_t n = send(fd_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n >= 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) return n;
    }
}

void ClientConnection::get_remote_ip_and_port(std::string& ip, int& port) const {
    ip = address_;
    port = port_;
}

void ClientConnection::get_local_ip_and_port(std::string& ip, int& port) const {
    sockaddr_storage local{};
    socklen_t size = sizeof local;
    ip.clear();
    port = 0;
    if (getsockname(fd_, reinterpret_cast<sockaddr*>(&local), &size) == 0) describe(local, ip, port);
}

}  // namespace peng::server
