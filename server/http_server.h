#pragma once
// Peng's OpenAI-compatible HTTP server (cpp-httplib): GET /v1/models, POST
// /v1/chat/completions and /v1/completions (JSON or server-sent events), GET /health
// and GET /metrics, over the engine an EngineHost shares. Safe by default: loopback
// only unless an API key is set; every endpoint but /health wants the key when one
// is; bodies over a limit get 413; a full line of waiting requests gets 429. Clients
// that send slowly, hugely or in great numbers cost a socket, not the server's threads
// (gated_server.h): /health and the queue keep answering. A known path asked with the
// wrong method gets 405 with Allow; each request can be logged in one line.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <semaphore>
#include <string>
#include <thread>

#include "api/settings.h"
#include "server/engine_host.h"
#include "server/server_metrics.h"

namespace peng::server {

struct ServerOptions {
    std::string host = "127.0.0.1";
    int port = 8080;                  // 0 = any free port (tests)
    std::string api_key;              // "" = none (allowed on loopback only)
    size_t max_body_bytes = 8 << 20;
    int head_timeout_s = 10;          // for a request's head (its line and headers) to arrive
    int max_connections = 256;        // open at once, from anywhere
    int max_connections_per_address = 32;
    std::string model_id;             // "" = the checkpoint folder's name
    RunSettings run;                  // threads, prefetch, trim: what every request starts from
    // Gets each request's log line (request_log.h) once it is answered; empty = no log.
    std::function<void(const std::string&)> request_log;
};

// Whether `host` names this machine only (127.0.0.0/8, ::1, localhost).
bool is_loopback(const std::string& host);
// Throws peng::Error saying why when serving on `host` without `api_key` would let
// other machines use the model.
void check_exposure(const std::string& host, const std::string& api_key);

class GatedServer;

class HttpServer {
public:
    // Throws peng::Error naming what is wrong: a non-loopback address without a key,
    // an empty key, a port that cannot be bound.
    HttpServer(EngineHost& host, ServerOptions options);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    int port() const { return port_; }
    std::string url() const;           // http://HOST:PORT/v1
    // Serves on this thread until stop(), or on a thread of its own.
    void run();
    void start();
    // Stops listening, cancels running generations at their next token, waits for them.
    void stop();

    const ServerMetrics& metrics() const { return metrics_; }
    bool stopping() const { return stopping_; }

private:
    void install_routes();

    EngineHost& host_;
    ServerOptions options_;
    ServerMetrics metrics_;
    std::unique_ptr<GatedServer> http_;
    std::atomic<bool> stopping_{false};
    // Requests reading their bodies at once: a worker waiting for a slow body is one
    // the others cannot use, so past these the next is told to come back (503).
    std::counting_semaphore<> body_slots_;
    std::thread thread_;
    int port_ = 0;
};

}  // namespace peng::server
