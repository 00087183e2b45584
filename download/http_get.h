#pragma once
// HTTP GETs through libcurl (redirects followed, TLS verified, proxies from the
// environment as curl honours them). A bearer token goes to the first host only:
// libcurl drops an Authorization header on a redirect to another host.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace peng::download {

struct HttpAnswer {
    long status = 0;                              // 0 when the transfer failed before an answer
    std::string body;                             // get(): the body (capped)
    std::map<std::string, std::string> headers;   // of the final answer, names in lower case
    std::string transport_error;                  // curl's sentence when the transfer failed
    bool aborted = false;                         // the sink or the cancel flag stopped it
};

class HttpGet {
public:
    // `token`: "" for none. `stall_seconds`: a transfer slower than 1 byte/s for this
    // long is abandoned (a dead connection is a transient error, retried).
    explicit HttpGet(std::string token, long stall_seconds = 30);
    ~HttpGet();
    HttpGet(const HttpGet&) = delete;
    HttpGet& operator=(const HttpGet&) = delete;

    // A small document (an API answer), at most `max_bytes`.
    HttpAnswer get(const std::string& url, size_t max_bytes = 16 << 20);
    // A file's bytes from `from` on (a Range request when from > 0) into `sink`, which
    // returns false to stop. The sink sees the status first through `on_status`.
    HttpAnswer fetch(const std::string& url, uint64_t from, const std::function<bool(long status)>& on_status,
                     const std::function<bool(const char* data, size_t size)>& sink,
                     const std::atomic<bool>* cancel);

private:
    void* curl_;
    std::string token_;
    long stall_seconds_;
};

}  // namespace peng::download
