#pragma once
// Jinja tests: `x is defined`, `x is string`, `x is divisibleby 3`, ... with
// Jinja2's definitions (an Undefined is iterable, a bool is a number).
#include <optional>
#include <string_view>

#include "text/jinja_value.h"

namespace peng::jinja {

// nullopt when no test has that name.
std::optional<bool> apply_test(std::string_view name, const Value& value, const CallArgs& args);

}  // namespace peng::jinja
