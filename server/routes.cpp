#include "server/routes.h"

#include <array>
#include <string_view>

namespace peng::server {

namespace {

constexpr std::array<Route, 5> kExact{{
    {"/health", false},
    {"/metrics", false},
    {"/v1/models", false},
    {"/v1/chat/completions", true},
    {"/v1/completions", true},
}};
constexpr Route kModelCard{"/v1/models/{id}", false};
constexpr std::string_view kModelCardPrefix = "/v1/models/";

}  // namespace

const Route* find_route(const std::string& path) {
    for (const Route& route : kExact)
        if (path == route.label) return &route;
    if (path.size() > kModelCardPrefix.size() && path.starts_with(kModelCardPrefix)) return &kModelCard;
    return nullptr;
}

std::string route_label(const std::string& path) {
    const Route* route = find_route(path);
    return route ? route->label : "other";
}

}  // namespace peng::server
