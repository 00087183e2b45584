#pragma once
// Executes a parsed template. Scoping follows Jinja2: a for-loop iteration and a
// macro call each get their own scope (a set inside a loop does not survive the
// iteration, hence namespace()), an if does not, and a macro sees the scope it
// was defined in, not its caller's. Runaway templates stop with an error: loop
// iterations and macro calls share a step budget, recursion has a depth limit,
// and output is capped.
#include <string>

#include "text/jinja_ast.h"
#include "text/jinja_value.h"

namespace peng::jinja {

// `context` holds the template's variables (messages, tools, ...). Throws
// peng::Error naming `origin` and the line on any failure.
std::string render_program(const Program& program, const Dict& context, const std::string& origin);

}  // namespace peng::jinja
