// The server against hostile clients on loopback (issue 50), each bounded in time and
// count: a chunked or compressed body past --max-body-mb gets 413 without being read
// (nor held in memory), a declared size past it gets 413 before a byte of it is sent,
// heads that trickle in or never end are dropped at their deadline, an address over its
// cap loses its oldest waiting connection, and /health keeps answering within a second
// while 50 slow clients and a chunked flood run. No model is open: /health answers 503
// "no model open" and a well-formed generation request 503 after taking its place in
// the line, which is all these tests need to see that the server still answers.
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>

#include <httplib.h>

#include "server/engine_host.h"
#include "server/http_server.h"

using namespace peng;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kMiB = 1 << 20;
constexpr int kMaxWaiting = 2;
// Under AddressSanitizer freed memory sits in its quarantine: resident sizes say
// nothing about the server's heap there, so only the answers are checked.
#ifdef __SANITIZE_ADDRESS__
constexpr bool kMemoryMeasured = false;
#else
constexpr bool kMemoryMeasured = true;
#endif

int64_t ms_since(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// A field of /proc/self/status in bytes (VmRSS, VmHWM).
size_t status_bytes(const std::string& field) {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind(field + ":", 0) == 0) return std::stoull(line.substr(field.size() + 1)) * 1024;
    return 0;
}

// Starts the peak (VmHWM) afresh at the current resident size.
void reset_peak_memory() { std::ofstream("/proc/self/clear_refs") << "5"; }

int connect_loopback(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool send_all(int fd, const std::string& data) {
    for (size_t sent = 0; sent < data.size();) {
        const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += size_t(n);
    }
    return true;
}

// The status code of the response that starts within `timeout_ms`, 0 when the
// connection closes or stays silent instead.
int read_status(int fd, int timeout_ms) {
    std::string head;
    const auto start = Clock::now();
    while (head.find("\r\n") == std::string::npos && ms_since(start) < timeout_ms) {
        pollfd entry{fd, POLLIN, 0};
        if (poll(&entry, 1, int(std::max<int64_t>(1, timeout_ms - ms_since(start)))) <= 0) break;
        char buffer[512];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        head.append(buffer, size_t(n));
    }
    if (head.rfind("HTTP/1.1 ", 0) != 0 || head.size() < 12) return 0;
    return std::stoi(head.substr(9, 3));
}

// Whether the server has closed `fd` (end of file or reset), without waiting.
bool peer_closed(int fd) {
    char byte;
    const ssize_t n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

// Whether the server closes `fd` within `timeout_ms` (end of file or reset).
bool closed_within(int fd, int timeout_ms) {
    const auto start = Clock::now();
    while (ms_since(start) < timeout_ms) {
        pollfd entry{fd, POLLIN, 0};
        if (poll(&entry, 1, int(std::max<int64_t>(1, timeout_ms - ms_since(start)))) <= 0) return false;
        char buffer[4096];
        if (::recv(fd, buffer, sizeof buffer, 0) <= 0) return true;
    }
    return false;
}

const std::string kChatHead = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
const std::string kChat = R"({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 2})";

struct Sent {
    int status = 0;      // of the response, 0 for none
    size_t bytes = 0;    // of the body, framing included, that went out before the answer
};

// Sends up to `total` bytes of JSON whitespace as a chunked body in 64 KiB chunks,
// stopping as soon as an answer arrives (or `stop` is set), then reads the answer.
Sent send_chunked(int port, size_t total, const std::atomic<bool>* stop = nullptr) {
    Sent result;
    const int fd = connect_loopback(port);
    if (fd < 0 || !send_all(fd, kChatHead + "Transfer-Encoding: chunked\r\n\r\n")) return result;
    const std::string chunk = "10000\r\n" + std::string(1 << 16, ' ') + "\r\n";
    size_t offset = 0;
    while (result.bytes < total && !(stop && *stop)) {
        pollfd entry{fd, POLLIN | POLLOUT, 0};
        if (poll(&entry, 1, 5000) <= 0 || (entry.revents & (POLLIN | POLLERR | POLLHUP))) break;
        const ssize_t n = ::send(fd, chunk.data() + offset, chunk.size() - offset, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) break;
        if (n > 0) {
            result.bytes += size_t(n);
            offset = (offset + size_t(n)) % chunk.size();
        }
    }
    if (result.bytes >= total && offset == 0) send_all(fd, "0\r\n\r\n");
    if (!(stop && *stop)) result.status = read_status(fd, 20000);
    ::close(fd);
    return result;
}

std::string hex(size_t n) {
    char text[32];
    std::snprintf(text, sizeof text, "%zx", n);
    return text;
}

int get_status(int port, const std::string& path, int timeout_s) {
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(timeout_s);
    client.set_read_timeout(timeout_s);
    client.set_write_timeout(timeout_s);
    const httplib::Result result = client.Get(path.c_str());
    return result ? result->status : 0;
}

std::unique_ptr<server::HttpServer> start_server(server::EngineHost& host, server::ServerOptions options) {
    options.port = 0;
    auto server = std::make_unique<server::HttpServer>(host, options);
    server->start();
    return server;
}

}  // namespace

class ServerLimitsTest : public QObject {
    Q_OBJECT

    server::EngineHost host_{kMaxWaiting};
    std::unique_ptr<server::HttpServer> server_;
    int port_ = 0;

    static server::ServerOptions one_mib() {
        server::ServerOptions o;
        o.max_body_bytes = kMiB;
        return o;
    }

private slots:
    void initTestCase() {
        server_ = start_server(host_, one_mib());
        port_ = server_->port();
        QVERIFY(port_ > 0);
        QCOMPARE(get_status(port_, "/health", 5), 503);   // answers: no model open
    }

    void cleanupTestCase() { server_.reset(); }

    // Issue 50: a chunked 200 MiB body with a 1 MiB limit was read whole, answered 200,
    // and took the server to 1.04 GB. Now: 413 once the limit is passed, the rest unread.
    void a_chunked_body_over_the_limit_is_refused_unread() {
        const size_t before = status_bytes("VmRSS");
        reset_peak_memory();
        const auto start = Clock::now();
        const Sent sent = send_chunked(port_, 200 * kMiB);
        const size_t peak = status_bytes("VmHWM");
        qInfo("chunked 200 MiB against a 1 MiB limit: HTTP %d after %.1f MiB sent, %lld ms; resident %.0f MiB "
              "before, peak %.0f MiB",
              sent.status, double(sent.bytes) / kMiB, (long long)ms_since(start), double(before) / kMiB,
              double(peak) / kMiB);
        QCOMPARE(sent.status, 413);
        QVERIFY2(sent.bytes < 64 * kMiB, std::to_string(sent.bytes).c_str());
        if (kMemoryMeasured) QVERIFY2(peak < before + 32 * kMiB, std::to_string(peak - before).c_str());
        QCOMPARE(get_status(port_, "/health", 5), 503);
    }

    // Chunked bodies within the limit are read as before.
    void a_chunked_body_within_the_limit_is_read() {
        const int fd = connect_loopback(port_);
        std::string body = kChatHead + "Transfer-Encoding: chunked\r\n\r\n";
        for (size_t at = 0; at < kChat.size(); at += 10) {
            const std::string piece = kChat.substr(at, 10);
            body += hex(piece.size()) + "\r\n" + piece + "\r\n";
        }
        QVERIFY(send_all(fd, body + "0\r\n\r\n"));
        QCOMPARE(read_status(fd, 5000), 503);   // read and parsed: it waited in line for a model
        ::close(fd);
    }

    // A compressed body is limited as it inflates: 64 MiB of spaces fit in a 64 KiB
    // zlib stream, whose declared size passes the limit.
    void a_compressed_body_is_limited_as_it_inflates() {
        const QByteArray packed = qCompress(QByteArray(64 * int(kMiB), ' '), 9).mid(4);   // zlib, no Qt length
        QVERIFY(size_t(packed.size()) < kMiB);
        const int fd = connect_loopback(port_);
        QVERIFY(send_all(fd, kChatHead + "Content-Encoding: deflate\r\nContent-Length: " +
                                 std::to_string(packed.size()) + "\r\n\r\n" + packed.toStdString()));
        QCOMPARE(read_status(fd, 10000), 413);
        ::close(fd);
    }

    // A declared size over the limit is refused before the body is sent: at once, and
    // before "100 Continue" when the client asks first. (httplib read and dropped the
    // whole declared body first, up to a read timeout of 10 s.)
    void a_declared_size_over_the_limit_is_refused_before_the_body() {
        for (const std::string expect : {"", "Expect: 100-continue\r\n"}) {
            const int fd = connect_loopback(port_);
            const auto start = Clock::now();
            QVERIFY(send_all(fd, kChatHead + expect + "Content-Length: " + std::to_string(200 * kMiB) + "\r\n\r\n"));
            QCOMPARE(read_status(fd, 5000), 413);
            QVERIFY2(ms_since(start) < 2000, std::to_string(ms_since(start)).c_str());
            QVERIFY(closed_within(fd, 5000));   // the connection ends with the refusal
            ::close(fd);
        }
        // A body to an endpoint that takes none is not read either.
        const int fd = connect_loopback(port_);
        QVERIFY(send_all(fd, "POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"));
        QCOMPARE(read_status(fd, 5000), 404);
        ::close(fd);
    }

    // Issue 50's memory: refused bodies must not grow the server. Twenty refused
    // chunked bodies, four at a time, leave the resident size where it was.
    void refused_bodies_do_not_grow_the_heap() {
        const size_t before = status_bytes("VmRSS");
        reset_peak_memory();
        std::vector<std::thread> clients;
        std::atomic<int> refused{0};
        for (int c = 0; c < 4; ++c)
            clients.emplace_back([&] {
                for (int i = 0; i < 5; ++i) refused += send_chunked(port_, 64 * kMiB).status == 413;
            });
        for (auto& c : clients) c.join();
        const size_t peak = status_bytes("VmHWM"), after = status_bytes("VmRSS");
        qInfo("20 refused 64 MiB chunked bodies: resident %.0f MiB before, peak %.0f MiB, after %.0f MiB",
              double(before) / kMiB, double(peak) / kMiB, double(after) / kMiB);
        QCOMPARE(refused.load(), 20);
        if (!kMemoryMeasured) return;
        QVERIFY2(peak < before + 48 * kMiB, std::to_string(peak - before).c_str());
        QVERIFY2(after < before + 16 * kMiB, std::to_string(after - before).c_str());
    }

    // And bodies within the limit that are refused once read (malformed JSON just under
    // 8 MiB, as in the issue's sweep) give their memory back: twenty of them, four at a
    // time, leave the resident size where it was.
    void large_refused_bodies_give_their_memory_back() {
        const auto server = start_server(host_, server::ServerOptions{});
        // Sent from one buffer over plain sockets: the client side allocates nothing.
        const std::string body = "{\"messages\": \"" + std::string(8 * kMiB - 4096, 'x');
        const std::string head = kChatHead + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
        const auto refuse = [&] {
            const int fd = connect_loopback(server->port());
            const int status = send_all(fd, head) && send_all(fd, body) ? read_status(fd, 30000) : 0;
            ::close(fd);
            return status;
        };
        refuse();   // the first sets up what every later one reuses (threads, their arenas)
        const size_t before = status_bytes("VmRSS");
        std::vector<std::thread> clients;
        std::atomic<int> refused{0};
        for (int c = 0; c < 4; ++c)
            clients.emplace_back([&] {
                for (int i = 0; i < 5; ++i) refused += refuse() == 400;
            });
        for (auto& c : clients) c.join();
        // A worker gives its memory back after its response is out, so the last ones may
        // still be at it when the client has read the status: let them finish (2 s at most).
        size_t after = status_bytes("VmRSS");
        for (int wait = 0; wait < 20 && kMemoryMeasured && after >= before + 32 * kMiB; ++wait) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            after = status_bytes("VmRSS");
        }
        qInfo("20 refused 8 MiB malformed bodies: resident %.0f MiB before, %.0f MiB after", double(before) / kMiB,
              double(after) / kMiB);
        QCOMPARE(refused.load(), 20);
        if (kMemoryMeasured) QVERIFY2(after < before + 32 * kMiB, std::to_string(after - before).c_str());
    }

    // A head that trickles in, or never ends, is dropped at its deadline (here 2 s); one
    // past the head size cap at once. Before, each byte renewed a 10 s read timeout.
    void heads_that_never_end_are_dropped() {
        server::ServerOptions o = one_mib();
        o.head_timeout_s = 2;
        const auto server = start_server(host_, o);
        const int slow = connect_loopback(server->port());
        const auto start = Clock::now();
        QVERIFY(send_all(slow, "GET /health HTTP/1.1\r\nX-Slow: "));
        bool closed = false;
        while (!closed && ms_since(start) < 6000) {
            ::send(slow, "a", 1, MSG_NOSIGNAL);
            closed = closed_within(slow, 400);
        }
        const int64_t lasted = ms_since(start);
        QVERIFY2(closed && lasted >= 1800 && lasted < 3500, std::to_string(lasted).c_str());
        ::close(slow);

        const int huge = connect_loopback(server->port());
        std::string head = "GET /health HTTP/1.1\r\n";
        while (head.size() < 80 * 1024) head += "X-Filler: " + std::string(100, 'f') + "\r\n";
        send_all(huge, head);
        QVERIFY(closed_within(huge, 1500));
        ::close(huge);
        const std::string metrics = [&] {
            httplib::Client client("127.0.0.1", server->port());
            const auto result = client.Get("/metrics");
            return result ? result->body : std::string();
        }();
        QVERIFY2(metrics.find("peng_connections_shed_total{reason=\"head_timeout\"} 1") != std::string::npos,
                 metrics.c_str());
        QVERIFY2(metrics.find("peng_connections_shed_total{reason=\"head_too_large\"} 1") != std::string::npos,
                 metrics.c_str());
    }

    // An address at its cap: a newcomer sheds that address's oldest connection that only
    // waits, and is answered.
    void an_address_at_its_cap_sheds_its_oldest_waiting_connection() {
        server::ServerOptions o = one_mib();
        o.max_connections_per_address = 4;
        const auto server = start_server(host_, o);
        std::vector<int> idle;
        for (int i = 0; i < 4; ++i) idle.push_back(connect_loopback(server->port()));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        QCOMPARE(get_status(server->port(), "/health", 2), 503);
        QVERIFY(closed_within(idle[0], 1000));      // the oldest made room
        QVERIFY(!closed_within(idle[3], 300));      // the newest still waits
        for (int fd : idle) ::close(fd);
    }

    // Issue 50's done criterion: 50 clients sending their heads a byte at a time (as
    // each is dropped it comes back) and two clients sending 200 MiB chunked bodies
    // over and over, for 6 s; /health answers within a second all along, and so does
    // a generation request (it reaches the line).
    void health_answers_through_slow_clients_and_a_flood() {
        server::ServerOptions o = one_mib();
        o.head_timeout_s = 3;
        const auto server = start_server(host_, o);
        const int port = server->port();
        std::atomic<bool> stop{false};
        std::atomic<int> slow_dropped{0}, flood_refused{0}, flood_shed{0}, flood_other{0};
        std::thread slow([&] {
            std::vector<int> clients(50, -1);
            while (!stop) {
                for (int& fd : clients) {
                    if (fd < 0) {
                        fd = connect_loopback(port);
                        if (fd >= 0) send_all(fd, "GET /health HTTP/1.1\r\nX-Slow: ");
                    } else if (peer_closed(fd) || ::send(fd, "a", 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {
                        ::close(fd);
                        fd = -1;
                        ++slow_dropped;
                    }
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(500));
            }
            for (int fd : clients)
                if (fd >= 0) ::close(fd);
        });
        std::vector<std::thread> flood;
        for (int i = 0; i < 2; ++i)
            flood.emplace_back([&] {
                while (!stop) {
                    const Sent sent = send_chunked(port, 200 * kMiB, &stop);
                    if (sent.status == 413) ++flood_refused;
                    else if (sent.status == 0) ++flood_shed;   // closed to make room: also right
                    else ++flood_other;
                }
            });
        std::this_thread::sleep_for(std::chrono::milliseconds(500));   // all 50 are in
        int probes = 0, slow_answers = 0;
        int64_t worst = 0;
        std::string late;   // what the late or failed probes got
        const auto start = Clock::now();
        while (ms_since(start) < 6000) {
            const auto asked = Clock::now();
            const int status = get_status(port, "/health", 1);
            const int64_t took = ms_since(asked);
            worst = std::max(worst, took);
            ++probes;
            if (status != 503 || took > 1000) {
                ++slow_answers;
                late += " HTTP " + std::to_string(status) + " in " + std::to_string(took) + " ms;";
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        httplib::Client client("127.0.0.1", port);
        client.set_read_timeout(2);
        const auto chat_started = Clock::now();
        const httplib::Result chat = client.Post("/v1/chat/completions", kChat, "application/json");
        const int64_t chat_ms = ms_since(chat_started);
        stop = true;
        slow.join();
        for (auto& f : flood) f.join();
        qInfo("%d /health probes beside 50 slow clients and a chunked flood: %d late or failed, worst %lld ms; "
              "slow clients dropped %d times; flood bodies refused %d, shed %d, other answers %d; a chat request: "
              "HTTP %d in %lld ms",
              probes, slow_answers, (long long)worst, slow_dropped.load(), flood_refused.load(), flood_shed.load(),
              flood_other.load(),
              chat ? chat->status : 0, (long long)chat_ms);
        QVERIFY2(slow_answers == 0, late.c_str());
        QVERIFY(chat && chat->status == 503 && chat_ms < 2000);
        QVERIFY(slow_dropped > 0);
        QVERIFY(flood_refused > 0);
        QCOMPARE(flood_other.load(), 0);
    }
};

QTEST_GUILESS_MAIN(ServerLimitsTest)
#include "test_server_limits.moc"
