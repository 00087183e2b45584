#include "qt_http_transport.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

#include <algorithm>

#include <stdexcept>

using peng::download::HttpAnswer;

namespace {

constexpr int kMaxRedirects = 10;     // as libcurl is told in http_get.cpp
constexpr int kCancelPollMs = 100;    // how soon a set cancel flag stops a transfer

bool is_redirect(int status) { return status == 301 || status == 302 || status == 303 || status == 307 || status == 308; }

bool same_origin(const QUrl& a, const QUrl& b) {
    const auto port = [](const QUrl& u) { return u.port(u.scheme() == QLatin1String("https") ? 443 : 80); };
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0 && port(a) == port(b);
}

std::string text(const QUrl& url) { return url.toString(QUrl::RemoveUserInfo).toStdString(); }

}  // namespace

struct QtHttpTransport::Request {
    uint64_t from = 0;
    size_t max_bytes = 0;                                          // get(): the body's cap
    const std::function<bool(long)>* on_status = nullptr;          // fetch() only
    const std::function<bool(const char*, size_t)>* sink = nullptr;
    const std::atomic<bool>* cancel = nullptr;
    bool status_told = false;
};

QtHttpTransport::QtHttpTransport(std::string token, long stall_seconds)
    : token_(std::move(token)), stall_seconds_(std::clamp<long>(stall_seconds, 1, 24 * 3600)) {
    if (!QCoreApplication::instance()) throw std::runtime_error("QtNetwork needs a QCoreApplication to download with");
    network_ = std::make_unique<QNetworkAccessManager>();
    network_->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

QtHttpTransport::~QtHttpTransport() {
    network_.reset();
    // This thread may be one of download_repo's, which ends without an event loop
    // that would run the manager's deferred deletions.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

peng::download::TransportFactory QtHttpTransport::factory() {
    return [](const std::string& token, long stall_seconds) { return std::make_unique<QtHttpTransport>(token, stall_seconds); };
}

HttpAnswer QtHttpTransport::get(const std::string& url, size_t max_bytes, const std::atomic<bool>* cancel) {
    Request request;
    request.max_bytes = max_bytes;
    request.cancel = cancel;
    return perform(url, request);
}

HttpAnswer QtHttpTransport::fetch(const std::string& url, uint64_t from, const std::function<bool(long)>& on_status,
                                  const std::function<bool(const char*, size_t)>& sink, const std::atomic<bool>* cancel) {
    Request request;
    request.from = from;
    request.on_status = &on_status;
    request.sink = &sink;
    request.cancel = cancel;
    return perform(url, request);
}

HttpAnswer QtHttpTransport::perform(const std::string& url, Request& request) {
    HttpAnswer answer;
    if (request.cancel && request.cancel->load()) {
        answer.aborted = true;
        return answer;
    }
    const QUrl origin(QString::fromStdString(url));
    QUrl current = origin;
    for (int hop = 0; hop <= kMaxRedirects; ++hop) {
        QUrl next;
        if (!exchange(current, same_origin(current, origin), request, answer, next)) return answer;
        const QString scheme = next.scheme();
        if (!next.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
            answer.transport_error = "a redirect from " + text(current) + " to '" + text(next) + "', which is not an http(s) URL";
            answer.permanent = true;
            return answer;
        }
        if (current.scheme() == QLatin1String("https") && scheme == QLatin1String("http")) {
            answer.transport_error = "refusing a redirect from https to plain http (" + text(next) + ")";
            answer.permanent = true;
            return answer;
        }
        current = next;
    }
    answer.transport_error = "more than " + std::to_string(kMaxRedirects) + " redirects from " + url + " (a redirect loop?)";
    answer.permanent = true;
    return answer;
}

bool QtHttpTransport::exchange(const QUrl& url, bool send_token, Request& r, HttpAnswer& answer, QUrl& next) {
    QNetworkRequest request(url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("peng-download/1 (Qt)"));
    if (send_token && !token_.empty()) request.setRawHeader("Authorization", "Bearer " + QByteArray::fromStdString(token_));
    if (r.sink) {
        // The file's own bytes (Qt would otherwise ask for gzip and inflate it), so that
        // an offset counts the same bytes as the Range it resumes.
        request.setRawHeader("Accept-Encoding", "identity");
        if (r.from > 0) request.setRawHeader("Range", "bytes=" + QByteArray::number(qulonglong(r.from)) + "-");
    } else {
        // An API answer may come compressed; its inflated bytes are held to max_bytes
        // below, so Qt's own check (which cuts a large answer at 10 MiB and leaves a
        // truncated body with status 200) is left to that cap.
        request.setDecompressedSafetyCheckThreshold(-1);
    }
    const std::unique_ptr<QNetworkReply> reply(network_->get(request));
    const auto status_of = [&] { return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(); };
    const auto redirecting = [&] { return is_redirect(status_of()) && reply->hasRawHeader("Location"); };

    QEventLoop loop;
    QTimer stall, poll;
    bool stalled = false, too_large = false;
    const auto stop = [&] { reply->abort(); };   // emits finished, which ends the loop
    stall.setSingleShot(true);
    stall.setInterval(int(stall_seconds_ * 1000));
    poll.setInterval(kCancelPollMs);
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QObject::connect(reply.get(), &QNetworkReply::metaDataChanged, &loop, [&] { stall.start(); });
    QObject::connect(&stall, &QTimer::timeout, &loop, [&] {
        stalled = true;
        stop();
    });
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (r.cancel && r.cancel->load()) {
            answer.aborted = true;
            stop();
        }
    });
    const auto consume = [&] {
        if (redirecting()) return void(reply->readAll());   // the hop's own page, not the file
        if (!r.sink) {
            answer.body += reply->readAll().toStdString();
            if (answer.body.size() > r.max_bytes) {
                too_large = true;
                stop();
            }
            return;
        }
        if (!r.status_told) {
            r.status_told = true;
            answer.status = status_of();
            if (!(*r.on_status)(answer.status)) {
                answer.aborted = true;
                return stop();
            }
        }
        const QByteArray data = reply->readAll();
        if (!(*r.sink)(data.constData(), size_t(data.size()))) {
            answer.aborted = true;
            stop();
        }
    };
    QObject::connect(reply.get(), &QNetworkReply::readyRead, &loop, [&] {
        stall.start();
        consume();
    });
    stall.start();
    poll.start();
    if (!reply->isFinished()) loop.exec();
    if (!stalled && !too_large && !answer.aborted && reply->bytesAvailable() > 0) consume();   // the last bytes

    const int status = status_of();
    if (status != 0) answer.status = status;
    if (!stalled && !too_large && !answer.aborted && redirecting()) {
        next = url.resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        return true;
    }
    answer.headers.clear();
    for (const QNetworkReply::RawHeaderPair& header : reply->rawHeaderPairs())
        answer.headers[header.first.toLower().toStdString()] = header.second.trimmed().toStdString();
    const QNetworkReply::NetworkError error = reply->error();
    if (stalled) {
        answer.transport_error = "no data from " + url.host().toStdString() + " for " + std::to_string(stall_seconds_) + " s";
    } else if (too_large) {
        answer.transport_error = "the answer from " + text(url) + " is larger than " + std::to_string(r.max_bytes) +
                                 " bytes, the most Peng reads of an API answer";
        answer.permanent = true;
    } else if (!answer.aborted && error != QNetworkReply::NoError &&
               (status == 0 || status / 100 == 2 || error < QNetworkReply::ContentAccessDenied)) {
        // No answer, or a connection that failed under one (cut, reset, an answer that
        // could not be inflated): a 2xx whose body broke off is no answer. The HTTP
        // errors proper (4xx, 5xx) are answers, reported by their status.
        answer.transport_error = reply->errorString().toStdString();
    }
    return false;
}
