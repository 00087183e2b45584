#pragma once
// Builds the syntax tree from tokens, following Jinja2's grammar and operator
// precedence. Constructs outside the supported subset (include, extends, block,
// import, call, with, recursive loops, ...) are a peng::Error naming the
// construct and the line, raised here rather than at render time.
#include <string>
#include <vector>

#include "text/jinja_ast.h"
#include "text/jinja_lexer.h"

namespace peng::jinja {

Program parse(const std::vector<Token>& tokens, const std::string& origin);

}  // namespace peng::jinja
