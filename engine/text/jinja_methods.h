#pragma once
// Python methods that chat templates call on values: str.startswith/split/strip/
// ..., dict.get/items/keys/values, list.index/count, and Jinja's loop.cycle().
// The sandbox Hugging Face renders in forbids mutating methods, and so do we.
#include <optional>
#include <string_view>

#include "text/jinja_value.h"

namespace peng::jinja {

// nullopt when `object` has no method of that name.
std::optional<Value> call_method(const Value& object, std::string_view name, const CallArgs& args);

// Python's str.split / str.rsplit (sep None: runs of whitespace), shared with filters.
std::vector<std::string> python_split(const std::string& s, const Value& sep, std::int64_t maxsplit, bool from_right);
std::string python_replace(const std::string& s, const std::string& old, const std::string& replacement,
                           std::int64_t count);
std::vector<std::string> python_splitlines(const std::string& s, bool keepends);

}  // namespace peng::jinja
