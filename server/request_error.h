#pragma once
// A request the server refuses, and the OpenAI-style body that says why:
//   {"error": {"message": ..., "type": ..., "param": ..., "code": ...}}
// `param` names the offending field, so a client's author sees what to fix.
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace peng::server {

struct RequestError : std::runtime_error {
    RequestError(int status, std::string message, std::string param = {}, std::string type = {});
    int status;
    std::string param;
    std::string type;   // "" = chosen from the status
};

// The body of an error answer; `param` "" is sent as null.
nlohmann::ordered_json error_body(int status, const std::string& message, const std::string& param = {},
                                  const std::string& type = {});

}  // namespace peng::server
