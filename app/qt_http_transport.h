#pragma once
// The app's HTTP stack for model downloads: download_repo's transport interface
// (download/http_transport.h) on QtNetwork. download_repo calls it from threads of
// its own (not QThreads), so each object owns a QNetworkAccessManager made on the
// thread that uses it and runs a local event loop per request.
//
// Redirects are followed here rather than by Qt, which copies every request header,
// Authorization included, to whatever host a redirect names: the token goes only to
// the host it was meant for (the Hub sends LFS files to a CDN on another host).
#include <memory>
#include <string>

#include "download/http_transport.h"

class QNetworkAccessManager;
class QNetworkReply;
class QUrl;

class QtHttpTransport final : public peng::download::HttpTransport {
public:
    // `token`: "" for none. `stall_seconds`: a transfer that receives nothing for this
    // long is abandoned with a transport error (the caller retries).
    QtHttpTransport(std::string token, long stall_seconds);
    ~QtHttpTransport() override;
    QtHttpTransport(const QtHttpTransport&) = delete;
    QtHttpTransport& operator=(const QtHttpTransport&) = delete;

    peng::download::HttpAnswer get(const std::string& url, size_t max_bytes = peng::download::kMaxDocumentBytes,
                                   const std::atomic<bool>* cancel = nullptr) override;
    peng::download::HttpAnswer fetch(const std::string& url, uint64_t from, const std::function<bool(long status)>& on_status,
                                     const std::function<bool(const char* data, size_t size)>& sink,
                                     const std::atomic<bool>* cancel) override;

    // download_repo's factory for DownloadOptions::transport.
    static peng::download::TransportFactory factory();

private:
    struct Request;
    peng::download::HttpAnswer perform(const std::string& url, Request& request);
    // One exchange with one URL; true when it was a redirect, with its target in `next`.
    bool exchange(const QUrl& url, bool send_token, Request& request, peng::download::HttpAnswer& answer, QUrl& next);

    std::string token_;
    long stall_seconds_;
    std::unique_ptr<QNetworkAccessManager> network_;
};
