#pragma once
// Request bodies read within limits: refused by their declared size before a byte is
// read, and read through a receiver that stops at the limit, whatever the framing
// (Content-Length, chunked, compressed), so no body is ever held past it.
#include <optional>
#include <string>
#include <string_view>

#include "server/gated_server.h"
#include "server/request_error.h"

namespace httplib {
struct Request;
}

namespace peng::server {

// A body's bytes in memory mapped for it alone, reserved up to the limit and touched
// only as bytes arrive: when it is dropped its pages go back to the system. Through
// malloc, a worker thread's arena would keep a large body's memory after it is freed
// (and grow glibc's mmap threshold so the next large body lands in an arena too).
class RequestBody {
public:
    explicit RequestBody(size_t capacity);   // throws RequestError 503 when it cannot
    ~RequestBody();
    RequestBody(RequestBody&& other) noexcept;
    RequestBody& operator=(RequestBody&&) = delete;
    RequestBody(const RequestBody&) = delete;
    RequestBody& operator=(const RequestBody&) = delete;

    bool append(const char* data, size_t size);   // false when it would pass the capacity
    std::string_view view() const { return {data_, size_}; }
    size_t size() const { return size_; }

private:
    char* data_ = nullptr;
    size_t size_ = 0, capacity_ = 0;
};

// Whether httplib reads a body for this request's method before routing it.
bool carries_body(const httplib::Request& request);

// The refusal due before reading any of the body: a Content-Length over the limit.
std::optional<RequestError> refusal_by_declared_size(const httplib::Request& request, const BodyLimits& limits);

// The whole body, with any Content-Encoding undone. Throws RequestError: 413 past
// the limit (the rest is never read), 408 when it did not arrive in time, 400 when
// it was cut short or its framing or compression is broken.
RequestBody read_request_body(const httplib::Request& request, const httplib::ContentReader& reader,
                              const BodyLimits& limits);

// The 413 a body over the limit gets, naming the limit.
RequestError body_too_large(const BodyLimits& limits);

}  // namespace peng::server
