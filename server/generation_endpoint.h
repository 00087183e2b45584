#pragma once
// POST /v1/chat/completions and POST /v1/completions: read the request, take a place
// in the engine's line (429 when full), wait for the turn, build the prompt, then
// answer as one JSON document or as server-sent events ending in "data: [DONE]".
#include <atomic>
#include <string_view>

namespace httplib {
struct Response;
}

namespace peng::server {

class EngineHost;
class ServerMetrics;
struct ServerOptions;

enum class Endpoint { Chat, Completion };

struct GenerationContext {
    EngineHost& host;
    const ServerOptions& options;
    ServerMetrics& metrics;
    const std::atomic<bool>& stopping;
};

// Answers the request whose JSON `body` was read (request_body.h). Throws
// RequestError for refusals made before any answer is sent.
void answer_generation(const GenerationContext& context, Endpoint endpoint, std::string_view body,
                       httplib::Response& response);

}  // namespace peng::server
