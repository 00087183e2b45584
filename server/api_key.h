#pragma once
// The API key check. A client without a key and a client with the wrong one are told
// apart, as OpenAI's API does: the first learns how to send one, the second that the
// key it sent is not this server's. Neither answer repeats the key sent.
#include <optional>
#include <string>

#include "server/request_error.h"

namespace httplib {
struct Request;
}

namespace peng::server {

// The 401 due to `request` on a server whose key is `key`, or nothing when the request
// carries that key as "Authorization: Bearer KEY".
std::optional<RequestError> refuse_key(const httplib::Request& request, const std::string& key);

}  // namespace peng::server
