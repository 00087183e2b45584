#pragma once
// cpp-httplib's Server with its connections kept by a ConnectionGate: httplib accepts,
// the gate holds each connection until its request head has arrived, then one of a
// fixed number of worker threads has httplib parse and answer that one request, and
// the connection goes back to the gate, kept alive or closing. A worker reads a body
// against a deadline and a byte budget (client_connection.h), and a refusal is the
// connection's last response: the refused body is never read as a next request.
#include <chrono>
#include <memory>
#include <mutex>

#include <httplib.h>

#include "server/client_connection.h"
#include "server/connection_gate.h"

namespace peng::server {

class ServerMetrics;

struct BodyLimits {
    size_t max_bytes = 8 << 20;             // the body, with any Content-Encoding undone
    std::chrono::seconds timeout{60};       // for all of it to arrive after the head
    // What the body may take on the wire: chunk framing at most doubles a body
    // sent in sane chunks; endless chunk headers around nothing run out.
    size_t wire_budget() const { return 2 * max_bytes + (64 << 10); }
};

class GatedServer : public httplib::Server {
public:
    GatedServer(GateLimits gate, BodyLimits body, size_t workers, ServerMetrics& metrics);
    ~GatedServer() override;
    // After stop(): closes the connections that wait, lets the workers finish theirs.
    void shutdown();
    size_t open_connections() const { return gate_.open_connections(); }

private:
    bool process_and_close_socket(socket_t sock) override;
    void serve(const std::shared_ptr<ClientConnection>& connection);

    const BodyLimits body_;
    httplib::ThreadPool workers_;
    ConnectionGate gate_;   // after workers_: it hands them connections
    std::once_flag shut_down_;
};

}  // namespace peng::server
