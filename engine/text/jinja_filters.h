#pragma once
// Jinja filters (`value | name(args)`) with Jinja2's behaviour, plus the tojson
// that Hugging Face installs for chat templates: json.dumps with ensure_ascii
// off, taking ensure_ascii, indent, separators and sort_keys.
#include <optional>
#include <string_view>

#include "text/jinja_value.h"

namespace peng::jinja {

// nullopt when no filter has that name.
std::optional<Value> apply_filter(std::string_view name, const Value& value, const CallArgs& args);

}  // namespace peng::jinja
