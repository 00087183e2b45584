#include "server/http_server.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <chrono>
#include <optional>

#include <httplib.h>

#include "server/api_key.h"
#include "server/gated_server.h"
#include "server/generation_endpoint.h"
#include "server/openai_responses.h"
#include "server/request_body.h"
#include "server/request_error.h"
#include "server/request_log.h"
#include "server/request_record.h"
#include "server/routes.h"
#include "util/error.h"

namespace peng::server {

namespace {

// Workers beyond those the engine's line holds (the waiting, the running): the
// body readers, and spares for /health, /metrics, the models and the refusals.
constexpr int kBodySlots = 16;
constexpr int kSpareWorkers = 8;

void send_json(httplib::Response& response, int status, const Json& body) {
    response.status = status;
    response.set_content(json_text(body), "application/json");
}

void send_error(httplib::Response& response, const RequestError& error) {
    send_json(response, error.status, error_body(error.status, error.what(), error.param, error.type));
}

GateLimits gate_limits(const ServerOptions& options) {
    GateLimits limits;
    limits.head_timeout = std::chrono::seconds(options.head_timeout_s);
    limits.max_connections = size_t(options.max_connections);
    limits.max_per_address = size_t(options.max_connections_per_address);
    return limits;
}

BodyLimits body_limits(const ServerOptions& options) {
    BodyLimits limits;
    limits.max_bytes = options.max_body_bytes;
    return limits;
}

void check_limits(const ServerOptions& options) {
    if (options.port < 0 || options.port > 65535)
        throw Error("the port must be between 0 and 65535, not " + std::to_string(options.port));
    if (options.head_timeout_s < 1) throw Error("the head timeout must be at least 1 second");
    if (options.max_connections < 1 || options.max_connections_per_address < 1)
        throw Error("the connection caps must be at least 1");
    if (options.max_body_bytes < 1) throw Error("the body limit must be at least 1 byte");
}

}  // namespace

bool is_loopback(const std::string& host) {
    if (host == "localhost") return true;
    in_addr v4{};
    if (inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6{};
    if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
    return false;
}

void check_exposure(const std::string& host, const std::string& api_key) {
    if (!is_loopback(host) && api_key.empty())
        throw Error("refusing to serve on " + host +
                    " without an API key: every machine that can reach this address could use the model. "
                    "Set one with --api-key-file (or --api-key), or serve on 127.0.0.1");
}

HttpServer::HttpServer(EngineHost& host, ServerOptions options)
    : host_(host), options_(std::move(options)), body_slots_(kBodySlots) {
    check_limits(options_);
    check_exposure(options_.host, options_.api_key);
    // A worker holds a request while it waits in line, runs, or reads its body (at most
    // kBodySlots at once); the spares answer everything else while those are taken.
    const size_t workers = size_t(std::max(0, host_.max_waiting())) + 1 + kBodySlots + kSpareWorkers;
    http_ = std::make_unique<GatedServer>(gate_limits(options_), body_limits(options_), workers, metrics_);
    install_routes();
    if (options_.port == 0) {
        port_ = http_->bind_to_any_port(options_.host);
    } else {
        port_ = http_->bind_to_port(options_.host, options_.port) ? options_.port : -1;
    }
    if (port_ <= 0)
        throw Error("cannot listen on " + options_.host + ":" + std::to_string(options_.port) +
                    " (the port is taken, or the address is not this machine's)");
}

HttpServer::~HttpServer() { stop(); }

std::string HttpServer::url() const {
    const bool v6 = options_.host.find(':') != std::string::npos;
    return "http://" + (v6 ? "[" + options_.host + "]" : options_.host) + ":" + std::to_string(port_) + "/v1";
}

void HttpServer::install_routes() {
    httplib::Server& http = *http_;
    // httplib's default also sets SO_REUSEPORT, which would let a second server (another
    // Peng, or anyone) bind the same port and take half the connections: address reuse only.
    http.set_socket_options([](int socket) {
        const int yes = 1;
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    const BodyLimits bodies = body_limits(options_);
    http.set_payload_max_length(bodies.max_bytes);

    // Refusals due before any of a body is read (a body is read only by the POST
    // endpoints): no key or the wrong one, a method the path does not take, no such
    // endpoint, too large by its Content-Length.
    auto refuse_early = [this, bodies](const httplib::Request& request, httplib::Response& response) {
        if (!options_.api_key.empty() && request.path != "/health") {
            if (const auto refusal = refuse_key(request, options_.api_key)) {
                response.set_header("WWW-Authenticate", "Bearer");
                send_error(response, *refusal);
                return true;
            }
        }
        const Route* route = find_route(request.path);
        if (route && !route->takes(request.method)) {
            response.set_header("Allow", route->allow());
            send_error(response, RequestError(405, request.path + " takes " + route->allow() + ", not " +
                                                       request.method));
            return true;
        }
        // A method httplib reads a body for, on no route: refused before the body is read.
        if (carries_body(request) && !route) {
            send_error(response, RequestError(404, "no such endpoint: " + request.method + " " + request.path));
            return true;
        }
        if (const auto refusal = refusal_by_declared_size(request, bodies)) {
            send_error(response, *refusal);
            return true;
        }
        return false;
    };
    http.set_pre_routing_handler([refuse_early](const httplib::Request& request, httplib::Response& response) {
        return refuse_early(request, response) ? httplib::Server::HandlerResponse::Handled
                                               : httplib::Server::HandlerResponse::Unhandled;
    });
    // "Expect: 100-continue": a refused client is told before it sends its body.
    http.set_expect_100_continue_handler([refuse_early](const httplib::Request& request, httplib::Response& response) {
        return refuse_early(request, response) ? response.status : 100;
    });
    // httplib's own refusals (unknown path, malformed HTTP) get an OpenAI-style body too.
    http.set_error_handler([bodies](const httplib::Request& request, httplib::Response& response) {
        if (!response.body.empty()) return;
        if (response.status == 404)
            send_error(response, RequestError(404, "no such endpoint: " + request.method + " " + request.path));
        else if (response.status == 413)
            send_error(response, body_too_large(bodies));
        else
            send_error(response, RequestError(response.status, "the request was refused (HTTP " +
                                                                   std::to_string(response.status) + ")"));
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
        try {
            std::rethrow_exception(error);
        } catch (const RequestError& e) {
            send_error(response, e);
        } catch (const std::exception& e) {
            send_error(response, RequestError(500, std::string("internal error: ") + e.what()));
        } catch (...) {
            send_error(response, RequestError(500, "internal error"));
        }
    });
    // Called once the response's last byte is written, on the worker that wrote it.
    http.set_logger([this](const httplib::Request& request, const httplib::Response& response) {
        const RequestRecord* record = RequestRecord::current();
        metrics_.count_request(route_label(request.path), response.status, record ? record->elapsed_seconds() : 0.0);
        if (options_.request_log && record)
            options_.request_log(request_log_line(request.method, request.path, response.status, *record,
                                                  request.remote_addr));
    });

    http.Get("/health", [this](const httplib::Request&, httplib::Response& response) {
        const auto model = host_.model();
        send_json(response, model ? 200 : 503,
                  {{"status", model ? "ok" : "no model open"}, {"model", model ? Json(model->id) : Json()}});
    });
    http.Get("/metrics", [this](const httplib::Request&, httplib::Response& response) {
        response.set_content(metrics_.prometheus(host_.waiting(), host_.busy(), host_.model() != nullptr),
                             "text/plain; version=0.0.4");
    });
    http.Get("/v1/models", [this](const httplib::Request&, httplib::Response& response) {
        Json data = Json::array();
        if (const auto model = host_.model()) data.push_back(model->card());
        send_json(response, 200, {{"object", "list"}, {"data", std::move(data)}});
    });
    http.Get(R"(/v1/models/(.+))", [this](const httplib::Request& request, httplib::Response& response) {
        const auto model = host_.model();
        const std::string id = request.matches[1];
        if (!model || model->id != id)
            throw RequestError(404, "the model '" + id + "' does not exist", "model", "model_not_found");
        send_json(response, 200, model->card());
    });
    const GenerationContext context{host_, options_, metrics_, stopping_};
    auto generation = [this, context, bodies](Endpoint endpoint) {
        return [this, context, bodies, endpoint](const httplib::Request& request, httplib::Response& response,
                                                 const httplib::ContentReader& reader) {
            if (!body_slots_.try_acquire()) {
                response.set_header("Retry-After", "1");
                throw RequestError(503, std::to_string(kBodySlots) +
                                            " requests are already sending their bodies; try again in a moment");
            }
            std::optional<RequestBody> body;
            try {
                body.emplace(read_request_body(request, reader, bodies));
            } catch (...) {
                body_slots_.release();
                throw;
            }
            body_slots_.release();
            answer_generation(context, endpoint, body->view(), response);
        };
    };
    http.Post("/v1/chat/completions", generation(Endpoint::Chat));
    http.Post("/v1/completions", generation(Endpoint::Completion));
}

void HttpServer::run() {
    if (!stopping_) http_->listen_after_bind();
}

void HttpServer::start() {
    if (thread_.joinable()) return;
    thread_ = std::thread([this] { run(); });
    // stop() can only interrupt a server that is listening: wait until it is.
    for (int i = 0; i < 1000 && !http_->is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

void HttpServer::stop() {
    stopping_ = true;
    http_->stop();
    if (thread_.joinable()) thread_.join();
    http_->shutdown();
}

}  // namespace peng::server
