// libFuzzer target for the server's request readers: the input is an HTTP body. The
// first byte picks the endpoint (chat or completions); the rest goes through
// parse_body and the reader. Only RequestError may escape, always with a 4xx status
// and a message; anything else (a crash, another exception) is a finding.
#include <cstdint>
#include <string>

#include "server/chat_request.h"
#include "server/completion_request.h"
#include "server/request_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const std::string body(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        const nlohmann::ordered_json parsed = peng::server::parse_body(body);
        if (data[0] & 1) peng::server::read_chat_request(parsed);
        else peng::server::read_completion_request(parsed);
    } catch (const peng::server::RequestError& e) {
        if (e.status < 400 || e.status >= 500 || std::string(e.what()).empty()) __builtin_trap();
    }
    return 0;
}
