#pragma once
// Reading inside values as Jinja2 does: `a.b` and `a[b]` give Undefined when the
// member is missing (printing that is harmless), but reading a member of an
// Undefined is an error, as is iterating something that is not iterable.
#include <string_view>
#include <vector>

#include "text/jinja_value.h"

namespace peng::jinja {

// Raises the error for using an Undefined (its hint, e.g. "'foo' is undefined").
[[noreturn]] void undefined_error(const Value& undefined);

Value get_attribute(const Value& object, std::string_view name);  // a.name
Value get_item(const Value& object, const Value& key);             // a[key]
// Dotted paths as the map/selectattr/sort filters take them: "a.b.0".
Value get_path(const Value& object, std::string_view path);
// a[start:stop:step] on lists, tuples and strings; absent parts are Undefined or None.
Value slice(const Value& object, const Value& start, const Value& stop, const Value& step);
// What `for x in value` visits: items, dict keys, or characters; Undefined is empty.
std::vector<Value> iterate(const Value& value);

}  // namespace peng::jinja
