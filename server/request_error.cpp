#include "server/request_error.h"

namespace peng::server {

namespace {

// The `type` strings OpenAI's API uses for each kind of failure.
const char* type_for(int status) {
    switch (status) {
        case 400: case 413: return "invalid_request_error";
        case 401: return "authentication_error";
        case 404: return "not_found_error";
        case 429: return "rate_limit_error";
        case 503: return "service_unavailable_error";
        default: return status >= 500 ? "server_error" : "invalid_request_error";
    }
}

}  // namespace

RequestError::RequestError(int status_code, std::string message, std::string field, std::string kind)
    : std::runtime_error(std::move(message)), status(status_code), param(std::move(field)), type(std::move(kind)) {}

nlohmann::ordered_json error_body(int status, const std::string& message, const std::string& param,
                                  const std::string& type) {
    nlohmann::ordered_json error = {{"message", message}, {"type", type.empty() ? type_for(status) : type}};
    error["param"] = param.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(param);
    error["code"] = status;
    return {{"error", std::move(error)}};
}

}  // namespace peng::server
