#pragma once
// The paths the server answers and the methods each takes: a known path asked with
// another method gets 405 naming them (RFC 9110's Allow header), an unknown path 404.
// /metrics labels requests by these names only, so a scanner cannot grow its series.
#include <string>

namespace peng::server {

struct Route {
    const char* label;   // the path, or "/v1/models/{id}" for one model's card
    bool post;           // POST only; otherwise GET (and HEAD, which httplib answers as GET)

    const char* allow() const { return post ? "POST" : "GET, HEAD"; }   // the Allow header
    bool takes(const std::string& method) const {
        return post ? method == "POST" : method == "GET" || method == "HEAD";
    }
};

// The route `path` names, or nullptr where the server has none.
const Route* find_route(const std::string& path);

// /metrics' label for `path`: its route's, or "other".
std::string route_label(const std::string& path);

}  // namespace peng::server
