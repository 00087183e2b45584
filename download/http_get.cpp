#include "download/http_get.h"

#include <curl/curl.h>

#include <algorithm>
#include <mutex>

#include "util/error.h"

namespace peng::download {

namespace {

struct Transfer {
    HttpAnswer* answer;
    size_t max_bytes = 0;                                        // get(): the body's cap
    const std::function<bool(long)>* on_status = nullptr;
    const std::function<bool(const char*, size_t)>* sink = nullptr;
    const std::atomic<bool>* cancel = nullptr;
    CURL* curl = nullptr;
    bool status_told = false;
    bool too_large = false;                                      // get(): the body passed its cap
};

size_t on_header(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::string line(data, size * count);
    // A new status line (after a redirect) starts a new set of headers.
    if (line.rfind("HTTP/", 0) == 0) {
        t->answer->headers.clear();
        return size * count;
    }
    const size_t colon = line.find(':');
    if (colon != std::string::npos) {
        std::string name = line.substr(0, colon), value = line.substr(colon + 1);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        const size_t first = value.find_first_not_of(" \t"), last = value.find_last_not_of(" \t\r\n");
        t->answer->headers[name] = first == std::string::npos ? "" : value.substr(first, last - first + 1);
    }
    return size * count;
}

size_t on_body(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const size_t bytes = size * count;
    if (t->cancel && t->cancel->load()) {
        t->answer->aborted = true;
        return 0;
    }
    if (t->sink) {
        if (!t->status_told) {
            t->status_told = true;
            curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &t->answer->status);
            if (!(*t->on_status)(t->answer->status)) {
                t->answer->aborted = true;
                return 0;
            }
        }
        if (!(*t->sink)(data, bytes)) {
            t->answer->aborted = true;
            return 0;
        }
        return bytes;
    }
    if (t->answer->body.size() + bytes > t->max_bytes) {   // over the cap: fail the transfer
        t->too_large = true;
        return 0;
    }
    t->answer->body.append(data, bytes);
    return bytes;
}

// Called by libcurl about once a second even while nothing arrives, so a cancel is
// honoured while a server is silent too.
int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    auto* t = static_cast<Transfer*>(user);
    if (!t->cancel || !t->cancel->load()) return 0;
    t->answer->aborted = true;
    return 1;
}

void global_init() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw Error("libcurl could not be initialised");
    });
}

}  // namespace

HttpGet::HttpGet(std::string token, long stall_seconds) : token_(std::move(token)), stall_seconds_(stall_seconds) {
    global_init();
    curl_ = curl_easy_init();
    if (!curl_) throw Error("libcurl could not create a transfer");
}

HttpGet::~HttpGet() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

static HttpAnswer perform(CURL* curl, const std::string& url, const std::string& token, long stall_seconds,
                          Transfer& transfer, uint64_t from) {
    HttpAnswer& answer = *transfer.answer;
    curl_easy_reset(curl);
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "peng-download/1");
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 30L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, stall_seconds);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    const std::string range = std::to_string(from) + "-";
    if (from > 0) curl_easy_setopt(curl, CURLOPT_RANGE, range.c_str());
    curl_slist* headers = nullptr;
    if (!token.empty()) headers = curl_slist_append(headers, ("Authorization: Bearer " + token).c_str());
    if (headers) curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    char error[CURL_ERROR_SIZE] = {0};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status);
    if (code == CURLE_OK || answer.aborted) return answer;
    answer.transport_error = error[0] ? error : curl_easy_strerror(code);
    // What the server's own answers cause is not retried: the same answer would come.
    if (transfer.too_large) {
        answer.transport_error = "the answer from " + url + " is larger than " + std::to_string(transfer.max_bytes) +
                                 " bytes, the most Peng reads of an API answer";
        answer.permanent = true;
    } else if (code == CURLE_TOO_MANY_REDIRECTS) {
        answer.transport_error = "more than 10 redirects from " + url + " (a redirect loop?)";
        answer.permanent = true;
    } else if (code == CURLE_UNSUPPORTED_PROTOCOL || code == CURLE_URL_MALFORMAT) {
        answer.transport_error = url + " or a redirect from it is not an http(s) URL (" + answer.transport_error + ")";
        answer.permanent = true;
    }
    return answer;
}

HttpAnswer HttpGet::get(const std::string& url, size_t max_bytes, const std::atomic<bool>* cancel) {
    HttpAnswer answer;
    Transfer transfer{&answer};
    transfer.max_bytes = max_bytes;
    transfer.cancel = cancel;
    transfer.curl = static_cast<CURL*>(curl_);
    return perform(transfer.curl, url, token_, stall_seconds_, transfer, 0);
}

HttpAnswer HttpGet::fetch(const std::string& url, uint64_t from, const std::function<bool(long)>& on_status,
                          const std::function<bool(const char*, size_t)>& sink, const std::atomic<bool>* cancel) {
    HttpAnswer answer;
    Transfer transfer{&answer};
    transfer.on_status = &on_status;
    transfer.sink = &sink;
    transfer.cancel = cancel;
    transfer.curl = static_cast<CURL*>(curl_);
    return perform(transfer.curl, url, token_, stall_seconds_, transfer, from);
}

}  // namespace peng::download
