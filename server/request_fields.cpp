#include "server/request_fields.h"

#include <algorithm>
#include <cmath>

#include "server/request_error.h"

namespace peng::server {

namespace {

std::string kind_of(const nlohmann::ordered_json& value) {
    if (value.is_string()) return "a string";
    if (value.is_boolean()) return "a boolean";
    if (value.is_number()) return "a number";
    if (value.is_array()) return "an array";
    if (value.is_object()) return "an object";
    return "null";
}

[[noreturn]] void wrong_type(const std::string& path, const std::string& wanted, const nlohmann::ordered_json& got) {
    throw RequestError(400, "'" + path + "' must be " + wanted + ", not " + kind_of(got), path);
}

std::string number_text(double value) {
    std::string text = std::to_string(value);
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

}  // namespace

RequestFields::RequestFields(const nlohmann::ordered_json& object, std::string path)
    : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) wrong_type(path_.empty() ? "body" : path_, "an object", object_);
}

std::string RequestFields::path_of(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

const nlohmann::ordered_json* RequestFields::find(const std::string& key) const {
    const auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
}

std::optional<double> RequestFields::number(const std::string& key, double lowest, double highest) const {
    const nlohmann::ordered_json* value = find(key);
    if (!value) return std::nullopt;
    if (!value->is_number()) wrong_type(path_of(key), "a number", *value);
    const double x = value->get<double>();
    if (!std::isfinite(x) || x < lowest || x > highest)
        throw RequestError(400, "'" + path_of(key) + "' must be between " + number_text(lowest) + " and " +
                                    number_text(highest) + ", not " + value->dump(),
                           path_of(key));
    return x;
}

std::optional<int64_t> RequestFields::integer(const std::string& key, int64_t lowest, int64_t highest) const {
    const nlohmann::ordered_json* value = find(key);
    if (!value) return std::nullopt;
    // 3.0 is an integer to JSON's eyes; 3.5 is not.
    const bool whole = value->is_number_integer() ||
                       (value->is_number_float() && std::floor(value->get<double>()) == value->get<double>() &&
                        std::fabs(value->get<double>()) < 9e15);
    if (!whole) wrong_type(path_of(key), "an integer", *value);
    if (value->is_number_unsigned() && value->get<uint64_t>() > uint64_t(INT64_MAX))
        throw RequestError(400, "'" + path_of(key) + "' is too large", path_of(key));
    const int64_t x = value->is_number_float() ? int64_t(value->get<double>()) : value->get<int64_t>();
    if (x < lowest || x > highest)
        throw RequestError(400, "'" + path_of(key) + "' must be between " + std::to_string(lowest) + " and " +
                                    std::to_string(highest) + ", not " + std::to_string(x),
                           path_of(key));
    return x;
}

std::optional<bool> RequestFields::boolean(const std::string& key) const {
    const nlohmann::ordered_json* value = find(key);
    if (!value) return std::nullopt;
    if (!value->is_boolean()) wrong_type(path_of(key), "true or false", *value);
    return value->get<bool>();
}

std::optional<std::string> RequestFields::string(const std::string& key) const {
    const nlohmann::ordered_json* value = find(key);
    if (!value) return std::nullopt;
    if (!value->is_string()) wrong_type(path_of(key), "a string", *value);
    return value->get<std::string>();
}

const nlohmann::ordered_json* RequestFields::object(const std::string& key) const {
    const nlohmann::ordered_json* value = find(key);
    if (value && !value->is_object()) wrong_type(path_of(key), "an object", *value);
    return value;
}

const nlohmann::ordered_json* RequestFields::array(const std::string& key) const {
    const nlohmann::ordered_json* value = find(key);
    if (value && !value->is_array()) wrong_type(path_of(key), "an array", *value);
    return value;
}

std::string RequestFields::required_string(const std::string& key) const {
    std::optional<std::string> value = string(key);
    if (!value) throw RequestError(400, "'" + path_of(key) + "' is required", path_of(key));
    return *value;
}

nlohmann::ordered_json parse_body(std::string_view body) {
    // The parser itself is iterative, but much that walks a value later (dumping it,
    // the chat template) recurses: nesting deeper than any real request is refused here.
    constexpr int kMaxDepth = 64;
    int deepest = 0;
    const auto depth_meter = [&deepest](int depth, nlohmann::ordered_json::parse_event_t, nlohmann::ordered_json&) {
        deepest = std::max(deepest, depth);
        return true;
    };
    nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(body, depth_meter, false);
    if (parsed.is_discarded()) throw RequestError(400, "the request body is not valid JSON", "body");
    if (deepest > kMaxDepth)
        throw RequestError(400, "the request body nests deeper than " + std::to_string(kMaxDepth) + " levels", "body");
    if (!parsed.is_object()) throw RequestError(400, "the request body must be a JSON object", "body");
    return parsed;
}

}  // namespace peng::server
