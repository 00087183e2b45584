#pragma once
// What a request's log line and /metrics learn as it is answered, beyond its head and
// status: when a worker took it up and the tokens its generation read and wrote. A
// worker serves one request from its head to its log line, a streamed answer included
// (gated_server.h), so the record is the thread's: the generation fills it in and the
// logger reads it, and nothing about it travels in the response.
#include <chrono>

namespace peng::server {

struct RequestRecord {
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    int prompt_tokens = -1;       // -1: no generation ran
    int completion_tokens = -1;

    double elapsed_seconds() const;
    // The record of the request this thread serves, or nullptr outside one.
    static RequestRecord* current();
};

// Marks a request as this thread's for its lifetime, with a fresh record.
class RequestScope {
public:
    RequestScope();
    ~RequestScope();
    RequestScope(const RequestScope&) = delete;
    RequestScope& operator=(const RequestScope&) = delete;

private:
    RequestRecord record_;
    RequestRecord* outer_;
};

}  // namespace peng::server
