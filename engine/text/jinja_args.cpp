#include "text/jinja_args.h"

#include <string>

#include "text/jinja_error.h"

namespace peng::jinja {

std::vector<Value> bind_args(const CallArgs& args, std::initializer_list<Param> params, std::string_view callee) {
    const std::string name(callee);
    if (args.positional.size() > params.size())
        fail(name + "() takes at most " + std::to_string(params.size()) + " argument(s), " +
             std::to_string(args.positional.size()) + " given");
    std::vector<std::optional<Value>> bound(params.size());
    for (size_t i = 0; i < args.positional.size(); ++i) bound[i] = args.positional[i];
    for (const auto& [key, value] : args.keyword) {
        size_t index = 0;
        for (const Param& p : params) {
            if (key == p.name) break;
            ++index;
        }
        if (index == params.size()) fail(name + "() got an unexpected keyword argument '" + key + "'");
        if (bound[index]) fail(name + "() got multiple values for argument '" + key + "'");
        bound[index] = value;
    }
    std::vector<Value> out;
    out.reserve(params.size());
    size_t i = 0;
    for (const Param& p : params) {
        if (bound[i]) out.push_back(std::move(*bound[i]));
        else if (p.default_value) out.push_back(*p.default_value);
        else fail(name + "() missing required argument '" + p.name + "'");
        ++i;
    }
    return out;
}

void expect_no_args(const CallArgs& args, std::string_view callee) {
    if (!args.positional.empty() || !args.keyword.empty())
        fail(std::string(callee) + "() takes no arguments");
}

bool bool_arg(const Value& v, std::string_view callee, const char* param) {
    if (v.is(Value::Kind::Bool)) return v.as_bool();
    if (v.is_undefined() || v.is_none() || v.is_numeric_like()) return v.truthy();
    fail(std::string(callee) + "(): '" + param + "' must be a boolean, not " + v.type_name());
}

std::int64_t int_arg(const Value& v, std::string_view callee, const char* param) {
    if (v.is(Value::Kind::Int)) return v.as_int();
    if (v.is(Value::Kind::Bool)) return v.as_bool() ? 1 : 0;
    fail(std::string(callee) + "(): '" + param + "' must be an integer, not " + v.type_name());
}

const std::string& string_arg(const Value& v, std::string_view callee, const char* param) {
    if (v.is_string()) return v.as_string();
    fail(std::string(callee) + "(): '" + param + "' must be a string, not " + v.type_name());
}

}  // namespace peng::jinja
