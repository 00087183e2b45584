#pragma once
// Errors inside the Jinja interpreter. Value helpers, filters and methods do not
// know where in the template they run, so they throw EvalError; the interpreter
// catches it at the node being evaluated and re-raises a peng::Error that names
// the template and the line.
#include <stdexcept>
#include <string>

#include "util/error.h"

namespace peng::jinja {

struct EvalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const std::string& message) { throw EvalError(message); }

// "chat template <origin>:<line>: <message>"
inline Error located_error(const std::string& origin, int line, const std::string& message) {
    return Error("template " + origin + ":" + std::to_string(line) + ": " + message);
}

}  // namespace peng::jinja
