#pragma once
// One line per request, as llama-server and vLLM print them, for a terminal or the
// journal (which adds the time of day):
//   POST /v1/chat/completions 200 prompt_tokens=12 completion_tokens=40 time_ms=1234.5 client=127.0.0.1
// Tokens appear where a generation ran. The path is the client's, so bytes that could
// break the line or steer a terminal are written as %XX, and a long path is cut.
// Headers, the query and the body never appear: no key or prompt reaches a log.
#include <string>

namespace peng::server {

struct RequestRecord;

std::string request_log_line(const std::string& method, const std::string& path, int status,
                             const RequestRecord& record, const std::string& client);

}  // namespace peng::server
