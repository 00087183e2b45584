#include "text/jinja_ops.h"

#include <cmath>
#include <string>

#include "text/jinja_access.h"
#include "text/jinja_error.h"

namespace peng::jinja {

namespace {

using K = Value::Kind;

const char* symbol(BinaryOp op) {
    switch (op) {
        case BinaryOp::Add: return "+";
        case BinaryOp::Sub: return "-";
        case BinaryOp::Mul: return "*";
        case BinaryOp::Div: return "/";
        case BinaryOp::FloorDiv: return "//";
        case BinaryOp::Mod: return "%";
        case BinaryOp::Pow: return "**";
    }
    return "?";
}

[[noreturn]] void unsupported(BinaryOp op, const Value& a, const Value& b) {
    fail(std::string("unsupported operand type(s) for ") + symbol(op) + ": '" + a.type_name() + "' and '" +
         b.type_name() + "'");
}

bool int_like(const Value& v) { return v.is(K::Int) || v.is(K::Bool); }
std::int64_t int_of(const Value& v) { return v.is(K::Bool) ? (v.as_bool() ? 1 : 0) : v.as_int(); }

[[noreturn]] void overflow() { fail("integer overflow (the result does not fit in 64 bits)"); }

Value int_pow(std::int64_t base, std::int64_t exp) {
    std::int64_t result = 1;
    while (exp > 0) {
        if (exp & 1)
            if (__builtin_mul_overflow(result, base, &result)) overflow();
        exp >>= 1;
        if (exp && __builtin_mul_overflow(base, base, &base)) overflow();
    }
    return Value::integer(result);
}

Value repeat_string(const std::string& s, std::int64_t times) {
    if (times <= 0 || s.empty()) return Value::string("");
    if (static_cast<std::uint64_t>(times) > kMaxStringBytes / s.size()) fail("string repetition result too large");
    std::string out;
    out.reserve(s.size() * static_cast<size_t>(times));
    for (std::int64_t i = 0; i < times; ++i) out += s;
    return Value::string(std::move(out));
}

Value repeat_list(const ListData& l, std::int64_t times) {
    std::vector<Value> out;
    if (times > 0 && !l.items.empty()) {
        if (static_cast<std::uint64_t>(times) > kMaxListItems / l.items.size()) fail("list repetition result too large");
        for (std::int64_t i = 0; i < times; ++i) out.insert(out.end(), l.items.begin(), l.items.end());
    }
    return Value::list(std::move(out), l.tuple);
}

Value float_op(BinaryOp op, double a, double b) {
    switch (op) {
        case BinaryOp::Add: return Value::floating(a + b);
        case BinaryOp::Sub: return Value::floating(a - b);
        case BinaryOp::Mul: return Value::floating(a * b);
        case BinaryOp::Div:
            if (b == 0) fail("float division by zero");
            return Value::floating(a / b);
        case BinaryOp::FloorDiv:
            if (b == 0) fail("float floor division by zero");
            return Value::floating(std::floor(a / b));
        case BinaryOp::Mod: {
            if (b == 0) fail("float modulo by zero");
            double r = std::fmod(a, b);
            if (r != 0 && ((r < 0) != (b < 0))) r += b;
            return Value::floating(r);
        }
        case BinaryOp::Pow:
            if (a == 0 && b < 0) fail("0.0 cannot be raised to a negative power");
            return Value::floating(std::pow(a, b));
    }
    return Value::floating(0);
}

Value int_op(BinaryOp op, std::int64_t a, std::int64_t b) {
    std::int64_t r = 0;
    switch (op) {
        case BinaryOp::Add:
            if (__builtin_add_overflow(a, b, &r)) overflow();
            return Value::integer(r);
        case BinaryOp::Sub:
            if (__builtin_sub_overflow(a, b, &r)) overflow();
            return Value::integer(r);
        case BinaryOp::Mul:
            if (__builtin_mul_overflow(a, b, &r)) overflow();
            return Value::integer(r);
        case BinaryOp::Div:
            if (b == 0) fail("division by zero");
            return Value::floating(static_cast<double>(a) / static_cast<double>(b));
        case BinaryOp::FloorDiv:
        case BinaryOp::Mod: {
            if (b == 0) fail("integer division or modulo by zero");
            if (b == -1) {
                if (op == BinaryOp::Mod) return Value::integer(0);
                if (a == INT64_MIN) overflow();
                return Value::integer(-a);
            }
            std::int64_t q = a / b, m = a % b;
            if (m != 0 && ((m < 0) != (b < 0))) {
                --q;
                m += b;
            }
            return Value::integer(op == BinaryOp::Mod ? m : q);
        }
        case BinaryOp::Pow:
            if (b < 0) return float_op(op, static_cast<double>(a), static_cast<double>(b));
            return int_pow(a, b);
    }
    return Value::integer(0);
}

}  // namespace

Value binary_op(BinaryOp op, const Value& a, const Value& b) {
    if (a.is_undefined()) undefined_error(a);
    if (b.is_undefined()) undefined_error(b);
    if (a.is_numeric_like() && b.is_numeric_like()) {
        if (a.is(K::BigUInt) || b.is(K::BigUInt)) fail("integer too large for arithmetic");
        if (int_like(a) && int_like(b)) return int_op(op, int_of(a), int_of(b));
        return float_op(op, a.to_double(), b.to_double());
    }
    switch (op) {
        case BinaryOp::Add:
            if (a.is_string() && b.is_string()) {
                if (a.as_string().size() + b.as_string().size() > kMaxStringBytes) fail("string result too large");
                return Value::string(a.as_string() + b.as_string());
            }
            if (a.is_list() && b.is_list() && a.as_list().tuple == b.as_list().tuple) {
                check_list_size(a.as_list().items.size() + b.as_list().items.size());
                std::vector<Value> items = a.as_list().items;
                items.insert(items.end(), b.as_list().items.begin(), b.as_list().items.end());
                return Value::list(std::move(items), a.as_list().tuple);
            }
            break;
        case BinaryOp::Mul:
            if (a.is_string() && int_like(b)) return repeat_string(a.as_string(), int_of(b));
            if (int_like(a) && b.is_string()) return repeat_string(b.as_string(), int_of(a));
            if (a.is_list() && int_like(b)) return repeat_list(a.as_list(), int_of(b));
            if (int_like(a) && b.is_list()) return repeat_list(b.as_list(), int_of(a));
            break;
        case BinaryOp::Mod:
            if (a.is_string()) fail("printf-style string formatting ('%' on a string) is not supported");
            break;
        default: break;
    }
    unsupported(op, a, b);
}

Value unary_op(UnaryOp op, const Value& v) {
    if (op == UnaryOp::Not) return Value::boolean(!v.truthy());
    if (v.is_undefined()) undefined_error(v);
    bool neg = op == UnaryOp::Neg;
    if (v.is(K::Float)) return Value::floating(neg ? -v.as_float() : v.as_float());
    if (int_like(v)) {
        std::int64_t i = int_of(v);
        if (neg && i == INT64_MIN) overflow();
        return Value::integer(neg ? -i : i);
    }
    if (v.is(K::BigUInt)) fail("integer too large for arithmetic");
    fail(std::string("bad operand type for unary ") + (neg ? "-" : "+") + ": '" + v.type_name() + "'");
}

}  // namespace peng::jinja
