#pragma once
// Arithmetic with Python's rules: int stays int (overflow is an error, Python
// would grow the integer), / always gives a float, // and % floor toward minus
// infinity, str and list support + and *, and an Undefined operand is an error.
#include "text/jinja_ast.h"
#include "text/jinja_value.h"

namespace peng::jinja {

Value binary_op(BinaryOp op, const Value& a, const Value& b);
Value unary_op(UnaryOp op, const Value& v);

}  // namespace peng::jinja
