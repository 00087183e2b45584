#include "server/request_body.h"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <utility>

#include <httplib.h>

namespace peng::server {

RequestBody::RequestBody(size_t capacity) : capacity_(capacity) {
    if (capacity_ == 0) return;
    void* reserved = mmap(nullptr, capacity_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (reserved == MAP_FAILED) throw RequestError(503, "the server has no memory left for a request body right now");
    data_ = static_cast<char*>(reserved);
}

RequestBody::~RequestBody() {
    if (data_) munmap(data_, capacity_);
}

RequestBody::RequestBody(RequestBody&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(other.size_), capacity_(other.capacity_) {}

bool RequestBody::append(const char* data, size_t size) {
    if (size > capacity_ - size_) return false;
    std::memcpy(data_ + size_, data, size);
    size_ += size;
    return true;
}

bool carries_body(const httplib::Request& request) {
    for (const char* method : {"POST", "PUT", "PATCH", "DELETE", "PRI"})
        if (request.method == method) return true;
    return false;
}

RequestError body_too_large(const BodyLimits& limits) {
    return RequestError(413, "the request body is larger than this server accepts (" +
                                 std::to_string(limits.max_bytes >> 20) + " MiB; see --max-body-mb)");
}

std::optional<RequestError> refusal_by_declared_size(const httplib::Request& request, const BodyLimits& limits) {
    if (!carries_body(request) || !request.has_header("Content-Length")) return std::nullopt;
    // As httplib reads it: digits, anything else (a sign, a word) reads as huge or 0.
    const unsigned long long declared = std::strtoull(request.get_header_value("Content-Length").c_str(), nullptr, 10);
    if (declared > limits.max_bytes) return body_too_large(limits);
    return std::nullopt;
}

RequestBody read_request_body(const httplib::Request& request, const httplib::ContentReader& reader,
                              const BodyLimits& limits) {
    RequestBody body(limits.max_bytes);
    bool too_large = false;
    const bool whole = reader([&](const char* data, size_t size) {
        too_large = !body.append(data, size);
        return !too_large;
    });
    ClientConnection* connection = ClientConnection::current();
    if (connection) connection->body_held = body.size();
    if (whole) return body;
    if (too_large || (connection && connection->over_budget())) throw body_too_large(limits);
    if (connection && connection->past_deadline())
        throw RequestError(408, "the request body did not arrive within " + std::to_string(limits.timeout.count()) +
                                    " s");
    std::string what = "the request body was cut short";
    const std::string encoding = request.get_header_value("Content-Encoding");
    if (!encoding.empty()) what += ", or its '" + encoding + "' compression is broken";
    else if (request.get_header_value("Transfer-Encoding") == "chunked") what += ", or its chunked framing is broken";
    throw RequestError(400, what, "body");
}

}  // namespace peng::server
