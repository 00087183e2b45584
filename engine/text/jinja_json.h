#pragma once
// JSON in and out of the interpreter. Output follows Python's json.dumps, which
// is what the `tojson` filter of Hugging Face chat templates calls: ", " and ": "
// separators, keys in insertion order, ensure_ascii off unless asked, floats as
// Python repr() writes them.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "text/jinja_value.h"

namespace peng::jinja {

struct JsonFormat {
    std::optional<std::string> indent;             // json.dumps(indent=...) as a string
    bool ensure_ascii = false;
    std::optional<std::string> item_separator;     // default ", " (or "," with indent)
    std::optional<std::string> key_separator;      // default ": "
    bool sort_keys = false;
};

// Throws EvalError for what JSON cannot hold (Undefined, namespaces, macros).
std::string to_json(const Value& value, const JsonFormat& format = {});

// Python repr() of a float: shortest round-trip digits, "1.0", "1e-05", "1e+16".
std::string python_float_repr(double d);

Value from_json(const nlohmann::ordered_json& json);

}  // namespace peng::jinja
