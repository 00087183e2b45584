#pragma once
// What download_repo needs from an HTTP stack, so that each front end brings its own:
// peng-cli uses libcurl (http_get.h), the app QtNetwork (app/qt_http_transport.h).
// A transport object is used by one thread only; download_repo makes one per thread
// it runs, through DownloadOptions::transport, on that thread.
//
// Every implementation must: follow redirects (http and https only, at most 10; any
// other is a permanent error), sending the bearer token to the original host only;
// verify TLS; abandon a transfer that receives nothing for `stall_seconds` (a
// transport error, which the caller retries); and report the final answer's headers
// with lower-case names.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace peng::download {

// The most an API answer may hold: the Hub's pages are well under 1 MiB.
inline constexpr size_t kMaxDocumentBytes = 16 << 20;

struct HttpAnswer {
    long status = 0;                              // 0 when the transfer failed before an answer
    std::string body;                             // get(): the body (capped)
    std::map<std::string, std::string> headers;   // of the final answer, names in lower case
    std::string transport_error;                  // a sentence when the transfer failed (no answer, cut, stalled)
    bool aborted = false;                         // the sink, on_status or the cancel flag stopped it
    // With transport_error: the failure is the server's own answer, which a retry
    // would only repeat (a body over the cap, a redirect to a URL that is not http(s),
    // more than 10 redirects), so the caller stops at once instead of retrying.
    bool permanent = false;
};

class HttpTransport {
public:
    virtual ~HttpTransport() = default;

    // A small document (an API answer), at most `max_bytes`: a longer one is a
    // permanent transport error that names the cap. `cancel`, when set, is honoured
    // within a fraction of a second (aborted).
    virtual HttpAnswer get(const std::string& url, size_t max_bytes = kMaxDocumentBytes,
                           const std::atomic<bool>* cancel = nullptr) = 0;

    // A file's bytes from `from` on (a `Range: bytes=from-` request when from > 0, no
    // content encoding) into `sink`. Before the final answer's first body byte,
    // `on_status` gets its status; it or `sink` returning false stops the transfer
    // (aborted). `cancel`, when set, is honoured within a fraction of a second.
    virtual HttpAnswer fetch(const std::string& url, uint64_t from, const std::function<bool(long status)>& on_status,
                             const std::function<bool(const char* data, size_t size)>& sink,
                             const std::atomic<bool>* cancel) = 0;
};

// Makes a transport for the calling thread. `token`: "" for none.
using TransportFactory = std::function<std::unique_ptr<HttpTransport>(const std::string& token, long stall_seconds)>;

}  // namespace peng::download
