#include "server/gated_server.h"

#include <malloc.h>

#include <algorithm>

#include "server/request_record.h"

namespace peng::server {

namespace {

// A request whose body came to this much gives memory back when it is done.
constexpr size_t kLargeBody = 256 << 10;

// httplib's accept loop runs each accepted socket's job here at once: the job only
// hands the socket to the gate, so the accept loop never waits behind slow clients.
class HandOver : public httplib::TaskQueue {
public:
    void enqueue(std::function<void()> job) override { job(); }
    void shutdown() override {}
};

}  // namespace

GatedServer::GatedServer(GateLimits gate, BodyLimits body, size_t workers, ServerMetrics& metrics)
    : body_(body),
      workers_(workers),
      gate_(gate, metrics, [this](std::shared_ptr<ClientConnection> connection) {
          workers_.enqueue([this, connection] { serve(connection); });
      }) {
#if defined(__GLIBC__)
    // glibc raises its mmap threshold to the largest block freed (up to 32 MiB); from
    // then on large blocks come from the workers' arenas, which keep them once freed:
    // parsing twenty refused 8 MiB bodies left 27 MiB in each of twelve arenas. A fixed
    // threshold keeps blocks from 256 KiB up mapped apart, given back as they are freed.
    mallopt(M_MMAP_THRESHOLD, int(kLargeBody));
#endif
    new_task_queue = [] { return new HandOver; };
    set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(gate.keep_alive_timeout).count());
    // A refusal may leave its body unread: the connection ends with it, and says so.
    set_post_routing_handler([](const httplib::Request&, httplib::Response& response) {
        ClientConnection* connection = ClientConnection::current();
        if (response.status < 400 || !connection) return;
        connection->close_after_response = true;
        response.headers.erase("Keep-Alive");
        if (response.get_header_value("Connection") != "close") response.set_header("Connection", "close");
    });
}

GatedServer::~GatedServer() { shutdown(); }

void GatedServer::shutdown() {
    std::call_once(shut_down_, [this] {
        gate_.stop();
        workers_.shutdown();
    });
}

bool GatedServer::process_and_close_socket(socket_t sock) {
    gate_.admit(sock);
    return true;
}

void GatedServer::serve(const std::shared_ptr<ClientConnection>& connection) {
    connection->begin_request(Clock::now() + body_.timeout, body_.wire_budget());
    const bool last = connection->requests() >= int(keep_alive_max_count_) || svr_sock_ == INVALID_SOCKET;
    bool client_closes = false;
    bool answered;
    {
        ClientConnection::Serving serving(*connection);
        RequestScope request;   // its time and tokens, for the log line and /metrics
        answered = process_request(*connection, last, client_closes, nullptr);
    }
    // The body itself was mapped apart (request_body.h), but what parsing a large one
    // built went to this worker's malloc arena, which keeps freed memory for its next
    // request: with every worker keeping a body's worth, refused bodies grew the
    // server by hundreds of MB. Give back what the arenas hold free.
    if (std::max(connection->body_held, connection->body_bytes()) >= kLargeBody) malloc_trim(0);
    if (answered && !last && !client_closes && !connection->close_after_response)
        gate_.await_next(connection);
    else
        gate_.close(connection);
}

}  // namespace peng::server
