#pragma once
// HTTP on loopback for the server tests: an engine served on a free port, a request and
// its JSON answer, or a stream's server-sent events. Bounded: each request waits at
// most two minutes for the server.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "server/engine_host.h"
#include "server/http_server.h"

using Json = nlohmann::ordered_json;

// `engine` behind a host that queues at most `max_waiting` requests, served on a free
// loopback port with 1 MiB bodies.
struct LoopbackServer {
    std::unique_ptr<peng::server::EngineHost> host;
    std::unique_ptr<peng::server::HttpServer> http;
    int port = 0;
};

inline LoopbackServer serve_on_loopback(peng::Engine& engine, int max_waiting) {
    LoopbackServer s;
    s.host = std::make_unique<peng::server::EngineHost>(max_waiting);
    {
        auto turn = s.host->join();
        s.host->wait(turn);
        s.host->set_engine(&engine);
    }
    peng::server::ServerOptions options;
    options.port = 0;
    options.max_body_bytes = 1 << 20;
    s.http = std::make_unique<peng::server::HttpServer>(*s.host, options);
    s.port = s.http->port();
    s.http->start();
    return s;
}

struct Answer {
    int status = 0;
    Json body;
    std::map<std::string, std::string> headers;
};

inline Answer post(int port, const std::string& path, const std::string& body, const std::string& key = {}) {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(120);
    httplib::Headers headers;
    if (!key.empty()) headers.emplace("Authorization", "Bearer " + key);
    const httplib::Result result = client.Post(path.c_str(), headers, body, "application/json");
    Answer answer;
    if (!result) return answer;
    answer.status = result->status;
    answer.body = Json::parse(result->body, nullptr, false);
    for (const auto& [name, value] : result->headers) answer.headers[name] = value;
    return answer;
}

inline Answer post(int port, const std::string& path, const Json& body, const std::string& key = {}) {
    return post(port, path, body.dump(), key);
}

inline Answer get(int port, const std::string& path, const std::string& key = {}) {
    httplib::Client client("127.0.0.1", port);
    httplib::Headers headers;
    if (!key.empty()) headers.emplace("Authorization", "Bearer " + key);
    const httplib::Result result = client.Get(path.c_str(), headers);
    Answer answer;
    if (!result) return answer;
    answer.status = result->status;
    answer.body = Json::parse(result->body, nullptr, false);
    if (answer.body.is_discarded()) answer.body = result->body;
    return answer;
}

// The data of each server-sent event; `stop_after` > 0 hangs up after that many.
inline std::vector<std::string> stream(int port, const std::string& path, const Json& body, int stop_after = 0) {
    httplib::Client client("127.0.0.1", port);
    client.set_read_timeout(120);
    httplib::Request request;
    request.method = "POST";
    request.path = path;
    request.body = body.dump();
    request.set_header("Content-Type", "application/json");
    std::string buffer;
    std::vector<std::string> events;
    request.content_receiver = [&](const char* data, size_t size, uint64_t, uint64_t) {
        buffer.append(data, size);
        for (size_t end; (end = buffer.find("\n\n")) != std::string::npos;) {
            const std::string event = buffer.substr(0, end);
            buffer.erase(0, end + 2);
            if (event.rfind("data: ", 0) == 0) events.push_back(event.substr(6));
        }
        return stop_after <= 0 || int(events.size()) < stop_after;
    };
    client.send(request);
    return events;
}

