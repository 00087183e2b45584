#pragma once
// The libcurl transport (peng-cli's, and download_repo's default): redirects
// followed, TLS verified, proxies from the environment as curl honours them. A bearer
// token goes to the first host only: libcurl drops an Authorization header on a
// redirect to another host.
#include <string>

#include "download/http_transport.h"

namespace peng::download {

class HttpGet final : public HttpTransport {
public:
    // `token`: "" for none. `stall_seconds`: a transfer slower than 1 byte/s for this
    // long is abandoned (a dead connection is a transient error, retried).
    explicit HttpGet(std::string token, long stall_seconds = 30);
    ~HttpGet() override;
    HttpGet(const HttpGet&) = delete;
    HttpGet& operator=(const HttpGet&) = delete;

    HttpAnswer get(const std::string& url, size_t max_bytes = kMaxDocumentBytes,
                   const std::atomic<bool>* cancel = nullptr) override;
    HttpAnswer fetch(const std::string& url, uint64_t from, const std::function<bool(long status)>& on_status,
                     const std::function<bool(const char* data, size_t size)>& sink,
                     const std::atomic<bool>* cancel) override;

private:
    void* curl_;
    std::string token_;
    long stall_seconds_;
};

}  // namespace peng::download
