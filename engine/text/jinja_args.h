#pragma once
// Binds the arguments of a filter, test, method or global function call to its
// parameters the way Python does, so `tojson(indent=2)` and `tojson(false, 2)`
// both work and a misspelt keyword is an error rather than silently ignored.
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "text/jinja_value.h"

namespace peng::jinja {

struct Param {
    const char* name;
    std::optional<Value> default_value;  // nullopt: the argument is required
};

// One Value per parameter, in order. Throws EvalError naming `callee` when there
// are too many arguments, an unknown or repeated keyword, or a missing one.
std::vector<Value> bind_args(const CallArgs& args, std::initializer_list<Param> params, std::string_view callee);

// For callees that take no arguments at all.
void expect_no_args(const CallArgs& args, std::string_view callee);

// Helpers that check an argument's type, naming the callee and parameter.
bool bool_arg(const Value& v, std::string_view callee, const char* param);
std::int64_t int_arg(const Value& v, std::string_view callee, const char* param);
const std::string& string_arg(const Value& v, std::string_view callee, const char* param);

}  // namespace peng::jinja
