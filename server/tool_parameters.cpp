// Tool-call parameter values back to JSON, by the JSON schema the request's tools
// declared (parameter_type and convert_parameter of reply_parser.h). The tools come
// from the client, so every lookup checks the shape it expects and gives up quietly.
#include "server/reply_parser.h"

namespace peng::server {

namespace {

using Json = nlohmann::ordered_json;

const Json* member(const Json& object, const std::string& key) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

// A schema's type: "type" as a string, or a type list's first entry other than
// "null"; failing that, the first anyOf / oneOf alternative with a type other than
// "null" (an optional parameter is commonly written anyOf [T, null]).
std::string schema_type(const Json& schema, int depth = 0) {
    if (depth > 8) return "";  // a client could nest alternatives without end
    if (const Json* type = member(schema, "type")) {
        if (type->is_string()) return type->get<std::string>();
        if (type->is_array())
            for (const Json& entry : *type)
                if (entry.is_string() && entry.get<std::string>() != "null") return entry.get<std::string>();
    }
    for (const char* key : {"anyOf", "oneOf"}) {
        const Json* alternatives = member(schema, key);
        if (!alternatives || !alternatives->is_array()) continue;
        for (const Json& alternative : *alternatives) {
            std::string type = schema_type(alternative, depth + 1);
            if (!type.empty() && type != "null") return type;
        }
    }
    return "";
}

}  // namespace

std::string parameter_type(const Json& tools, const std::string& name, const std::string& arg) {
    if (!tools.is_array()) return "";
    for (const Json& tool : tools) {
        const Json* function = member(tool, "function");
        const Json* function_name = function ? member(*function, "name") : nullptr;
        if (!function_name || !function_name->is_string() || function_name->get<std::string>() != name) continue;
        const Json* parameters = member(*function, "parameters");
        const Json* properties = parameters ? member(*parameters, "properties") : nullptr;
        const Json* schema = properties ? member(*properties, arg) : nullptr;
        return schema ? schema_type(*schema) : "";  // the first tool of that name decides
    }
    return "";
}

Json convert_parameter(const std::string& text, const std::string& type) {
    bool (Json::*is_of_type)() const noexcept = nullptr;
    if (type == "integer") is_of_type = &Json::is_number_integer;
    else if (type == "number") is_of_type = &Json::is_number;
    else if (type == "boolean") is_of_type = &Json::is_boolean;
    else if (type == "null") is_of_type = &Json::is_null;
    else if (type == "object") is_of_type = &Json::is_object;
    else if (type == "array") is_of_type = &Json::is_array;
    if (!is_of_type) return text;  // "string", undeclared or a type we do not know
    // Without exceptions a parse failure is a "discarded" value, which is none of the types.
    Json value = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    return (value.*is_of_type)() ? value : Json(text);
}

}  // namespace peng::server
