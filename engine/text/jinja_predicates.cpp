#include "text/jinja_predicates.h"

#include <cmath>
#include <string>

#include "text/jinja_args.h"
#include "text/jinja_error.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

namespace {

using K = Value::Kind;

// Python's `value % divisor`, for the odd/even/divisibleby tests.
double python_mod(const Value& value, const Value& divisor, std::string_view test) {
    if (!value.is_numeric_like() || !divisor.is_numeric_like())
        fail("test '" + std::string(test) + "' needs numbers, got " + value.type_name() + " and " + divisor.type_name());
    if (value.is_integer() || value.is(K::Bool)) {
        if (divisor.is_integer() || divisor.is(K::Bool)) {
            std::int64_t a = value.is(K::Bool) ? value.as_bool() : value.is(K::Int) ? value.as_int() : 0;
            std::int64_t b = divisor.is(K::Bool) ? divisor.as_bool() : divisor.is(K::Int) ? divisor.as_int() : 0;
            if (value.is(K::BigUInt) || divisor.is(K::BigUInt)) {
                double r = std::fmod(value.to_double(), divisor.to_double());
                return r;
            }
            if (b == 0) fail("integer division or modulo by zero");
            if (b == -1) return 0;
            std::int64_t r = a % b;
            if (r != 0 && ((r < 0) != (b < 0))) r += b;
            return static_cast<double>(r);
        }
    }
    double a = value.to_double(), b = divisor.to_double();
    if (b == 0) fail("float modulo by zero");
    double r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

bool has_case(const std::string& s, bool want_lower) {
    bool cased = false;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = unicode::next(s, pos);
        if (want_lower ? unicode::is_upper(c) : unicode::is_lower(c)) return false;
        cased = cased || unicode::is_cased(c);
    }
    return cased;
}

Value one_arg(const CallArgs& args, std::string_view test) {
    return bind_args(args, {{"other", std::nullopt}}, test)[0];
}

}  // namespace

std::optional<bool> apply_test(std::string_view name, const Value& v, const CallArgs& args) {
    auto no_args = [&] { expect_no_args(args, name); };
    if (name == "defined") return no_args(), !v.is_undefined();
    if (name == "undefined") return no_args(), v.is_undefined();
    if (name == "none") return no_args(), v.is_none();
    if (name == "boolean") return no_args(), v.is(K::Bool);
    if (name == "true") return no_args(), v.is(K::Bool) && v.as_bool();
    if (name == "false") return no_args(), v.is(K::Bool) && !v.as_bool();
    if (name == "integer") return no_args(), v.is_integer();
    if (name == "float") return no_args(), v.is(K::Float);
    if (name == "number") return no_args(), v.is_numeric_like();
    if (name == "string") return no_args(), v.is_string();
    if (name == "mapping") return no_args(), v.is_dict() && !v.as_dict().loop;
    if (name == "iterable") return no_args(), v.is_undefined() || v.is_list() || v.is_string() || v.is_dict();
    if (name == "sequence")
        return no_args(), v.is_undefined() || v.is_list() || v.is_string() || (v.is_dict() && !v.as_dict().loop);
    // Jinja2's Undefined defines __call__ (to raise), so Python calls it callable.
    if (name == "callable") return no_args(), v.is(K::Function) || v.is_undefined();
    if (name == "escaped") return no_args(), false;  // nothing here carries __html__
    if (name == "lower" || name == "upper") return no_args(), has_case(v.str(), name == "lower");
    if (name == "odd" || name == "even") {
        no_args();
        double r = python_mod(v, Value::integer(2), name);
        return name == "odd" ? r == 1 : r == 0;
    }
    if (name == "divisibleby") {
        auto bound = bind_args(args, {{"num", std::nullopt}}, name);
        return python_mod(v, bound[0], name) == 0;
    }
    if (name == "sameas") {
        Value other = one_arg(args, name);
        if (v.kind() != other.kind()) return false;
        if (v.identity() || other.identity()) return v.identity() == other.identity();
        return equals(v, other);  // None, True, False, small numbers: Python interns these
    }
    if (name == "in") return contains(one_arg(args, name), v);
    if (name == "eq" || name == "equalto" || name == "==") return equals(v, one_arg(args, name));
    if (name == "ne" || name == "!=") return !equals(v, one_arg(args, name));
    if (name == "lt" || name == "lessthan" || name == "<") return compare(v, one_arg(args, name), "<") < 0;
    if (name == "le" || name == "<=") return compare(v, one_arg(args, name), "<=") <= 0;
    if (name == "gt" || name == "greaterthan" || name == ">") return compare(v, one_arg(args, name), ">") > 0;
    if (name == "ge" || name == ">=") return compare(v, one_arg(args, name), ">=") >= 0;
    return std::nullopt;
}

}  // namespace peng::jinja
