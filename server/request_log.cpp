#include "server/request_log.h"

#include <cstdio>

#include "server/request_record.h"

namespace peng::server {

namespace {

constexpr size_t kMaxPathBytes = 256;

// `text` with spaces, control bytes and '%' as %XX, cut after kMaxPathBytes; "-" if empty.
std::string printable(const std::string& text) {
    if (text.empty()) return "-";
    std::string out;
    for (size_t i = 0; i < text.size() && i < kMaxPathBytes; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c <= ' ' || c == 0x7f || c == '%') {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", c);
            out += escaped;
        } else {
            out += char(c);
        }
    }
    if (text.size() > kMaxPathBytes) out += "...";
    return out;
}

}  // namespace

std::string request_log_line(const std::string& method, const std::string& path, int status,
                             const RequestRecord& record, const std::string& client) {
    std::string line = printable(method) + ' ' + printable(path) + ' ' + std::to_string(status);
    if (record.prompt_tokens >= 0) line += " prompt_tokens=" + std::to_string(record.prompt_tokens);
    if (record.completion_tokens >= 0) line += " completion_tokens=" + std::to_string(record.completion_tokens);
    char time[48];
    std::snprintf(time, sizeof time, " time_ms=%.1f", record.elapsed_seconds() * 1e3);
    return line + time + " client=" + printable(client);
}

}  // namespace peng::server
