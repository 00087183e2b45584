#pragma once
// Typed reads of a request's JSON fields. Every refusal is a RequestError 400 that
// names the field by its path ("messages[2].tool_calls[0].function.name"), so a client
// sees exactly what to fix. A field that is absent or null reads as not given.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace peng::server {

class RequestFields {
public:
    // `path` prefixes field names in errors ("" at the top of the body).
    RequestFields(const nlohmann::ordered_json& object, std::string path);

    const nlohmann::ordered_json* find(const std::string& key) const;   // null when absent or null
    std::string path_of(const std::string& key) const;

    std::optional<double> number(const std::string& key, double lowest, double highest) const;
    std::optional<int64_t> integer(const std::string& key, int64_t lowest, int64_t highest) const;
    std::optional<bool> boolean(const std::string& key) const;
    std::optional<std::string> string(const std::string& key) const;
    const nlohmann::ordered_json* object(const std::string& key) const;
    const nlohmann::ordered_json* array(const std::string& key) const;
    // A required string.
    std::string required_string(const std::string& key) const;

private:
    const nlohmann::ordered_json& object_;
    std::string path_;
};

// The request body as JSON: 400 naming the problem when it is not a JSON object.
nlohmann::ordered_json parse_body(std::string_view body);

}  // namespace peng::server
