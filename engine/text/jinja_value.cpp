#include "text/jinja_value.h"

#include <algorithm>
#include <cstdio>

#include "text/jinja_error.h"
#include "text/jinja_json.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

Value Value::undefined(std::string hint) {
    Value v;
    v.v_ = Undefined{std::move(hint)};
    return v;
}
Value Value::none() {
    Value v;
    v.v_ = nullptr;
    return v;
}
Value Value::boolean(bool b) {
    Value v;
    v.v_ = b;
    return v;
}
Value Value::integer(std::int64_t i) {
    Value v;
    v.v_ = i;
    return v;
}
Value Value::big_unsigned(std::uint64_t u) {
    if (u <= static_cast<std::uint64_t>(INT64_MAX)) return integer(static_cast<std::int64_t>(u));
    Value v;
    v.v_ = u;
    return v;
}
Value Value::floating(double d) {
    Value v;
    v.v_ = d;
    return v;
}
Value Value::string(std::string s) {
    Value v;
    v.v_ = std::make_shared<const std::string>(std::move(s));
    return v;
}
void check_string_size(size_t bytes) {
    if (bytes > kMaxStringBytes)
        fail("string result too large (more than " + std::to_string(kMaxStringBytes >> 20) + " MiB)");
}

void check_list_size(size_t items) {
    if (items > kMaxListItems) fail("list result too large (more than " + std::to_string(kMaxListItems) + " items)");
}

namespace {
int child_depth(int deepest) {
    if (deepest + 1 > kMaxNesting)
        fail("lists and dicts nested more than " + std::to_string(kMaxNesting) + " deep");
    return deepest + 1;
}
}  // namespace

Value Value::list(std::vector<Value> items, bool tuple) {
    check_list_size(items.size());
    int deepest = 0;
    for (const Value& item : items) deepest = std::max(deepest, item.nesting_depth());
    int depth = child_depth(deepest);
    Value v;
    v.v_ = std::make_shared<const ListData>(ListData{std::move(items), tuple, depth});
    return v;
}
Value Value::dict(Dict items, bool loop) {
    check_list_size(items.size());
    int deepest = 0;
    for (const auto& item : items) deepest = std::max(deepest, item.second.nesting_depth());
    int depth = child_depth(deepest);
    Value v;
    v.v_ = std::make_shared<const DictData>(DictData{std::move(items), loop, depth});
    return v;
}

int Value::nesting_depth() const {
    if (is_list()) return as_list().depth;
    if (is_dict()) return as_dict().depth;
    return 0;
}
Value Value::ns(Namespace* ns) {
    Value v;
    v.v_ = ns;
    return v;
}
Value Value::function(const Function* fn) {
    Value v;
    v.v_ = fn;
    return v;
}

const void* Value::identity() const {
    switch (kind()) {
        case Kind::String: return std::get<StringPtr>(v_).get();
        case Kind::List: return std::get<ListPtr>(v_).get();
        case Kind::Dict: return std::get<DictPtr>(v_).get();
        case Kind::Namespace: return as_namespace();
        case Kind::Function: return as_function();
        default: return nullptr;
    }
}

bool Value::truthy() const {
    switch (kind()) {
        case Kind::Undefined:
        case Kind::None: return false;
        case Kind::Bool: return as_bool();
        case Kind::Int: return as_int() != 0;
        case Kind::BigUInt: return true;
        case Kind::Float: return as_float() != 0.0;
        case Kind::String: return !as_string().empty();
        case Kind::List: return !as_list().items.empty();
        case Kind::Dict: return as_dict().loop || !as_dict().items.empty();
        case Kind::Namespace:
        case Kind::Function: return true;
    }
    return false;
}

double Value::to_double() const {
    switch (kind()) {
        case Kind::Bool: return as_bool() ? 1.0 : 0.0;
        case Kind::Int: return static_cast<double>(as_int());
        case Kind::BigUInt: return static_cast<double>(as_big_unsigned());
        case Kind::Float: return as_float();
        default: fail("expected a number, got " + type_name());
    }
}

namespace {

std::string repr_string(std::string_view s) {
    char quote = '\'';
    if (s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos) quote = '"';
    std::string out(1, quote);
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = unicode::next(s, pos);
        if (c == static_cast<char32_t>(quote) || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (unicode::is_printable(c)) {
            unicode::append(out, c);
        } else {
            char buf[16];
            if (c <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
            else if (c <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(c));
            out += buf;
        }
    }
    out += quote;
    return out;
}

// Python repr(). A namespace can hold itself (directly or through a list), so
// one already being printed shows as {...}, as Python's recursion guard does.
std::string repr_of(const Value& v, std::vector<const Namespace*>& active, int depth);

std::string repr_items(const Dict& items, std::vector<const Namespace*>& active, int depth) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        out += repr_string(items[i].first) + ": " + repr_of(items[i].second, active, depth + 1);
    }
    return out;
}

std::string repr_of(const Value& v, std::vector<const Namespace*>& active, int depth) {
    using Kind = Value::Kind;
    // Values linked through namespaces can nest past kMaxNesting; keep the stack safe.
    if (depth > 2 * kMaxNesting) fail("value nested too deeply to print");
    switch (v.kind()) {
        case Kind::Undefined: return "Undefined";
        case Kind::None: return "None";
        case Kind::Bool: return v.as_bool() ? "True" : "False";
        case Kind::Int: return std::to_string(v.as_int());
        case Kind::BigUInt: return std::to_string(v.as_big_unsigned());
        case Kind::Float: return python_float_repr(v.as_float());
        case Kind::String: return repr_string(v.as_string());
        case Kind::List: {
            const ListData& l = v.as_list();
            std::string out(1, l.tuple ? '(' : '[');
            for (size_t i = 0; i < l.items.size(); ++i) {
                if (i) out += ", ";
                out += repr_of(l.items[i], active, depth + 1);
            }
            if (l.tuple && l.items.size() == 1) out += ',';
            out += l.tuple ? ')' : ']';
            return out;
        }
        case Kind::Dict: {
            const DictData& d = v.as_dict();
            if (d.loop) {
                const Value* index = v.find("index");
                const Value* length = v.find("length");
                return "<LoopContext " + (index ? index->repr() : "?") + "/" +
                       (length ? length->repr() : "?") + ">";
            }
            return "{" + repr_items(d.items, active, depth) + "}";
        }
        case Kind::Namespace: {
            const Namespace* ns = v.as_namespace();
            for (const Namespace* open : active)
                if (open == ns) return "<Namespace {...}>";
            active.push_back(ns);
            std::string out = "<Namespace {" + repr_items(ns->attrs, active, depth) + "}>";
            active.pop_back();
            return out;
        }
        case Kind::Function: return "<Macro '" + v.as_function()->name + "'>";
    }
    return "";
}

}  // namespace

std::string Value::str() const {
    switch (kind()) {
        case Kind::Undefined: return "";
        case Kind::String: return as_string();
        default: return repr();
    }
}

std::string Value::repr() const {
    std::vector<const Namespace*> active;
    return repr_of(*this, active, 0);
}

std::string Value::type_name() const {
    switch (kind()) {
        case Kind::Undefined: return "Undefined";
        case Kind::None: return "NoneType";
        case Kind::Bool: return "bool";
        case Kind::Int:
        case Kind::BigUInt: return "int";
        case Kind::Float: return "float";
        case Kind::String: return "str";
        case Kind::List: return as_list().tuple ? "tuple" : "list";
        case Kind::Dict: return as_dict().loop ? "LoopContext" : "dict";
        case Kind::Namespace: return "Namespace";
        case Kind::Function: return "macro";
    }
    return "?";
}

const Value* Value::find(std::string_view key) const {
    const Dict* items = nullptr;
    if (is_dict()) items = &as_dict().items;
    else if (is(Kind::Namespace)) items = &as_namespace()->attrs;
    if (!items) return nullptr;
    for (const auto& [k, v] : *items)
        if (k == key) return &v;
    return nullptr;
}

void Namespace::set(const std::string& name, Value value) {
    for (auto& [k, v] : attrs) {
        if (k == name) {
            v = std::move(value);
            return;
        }
    }
    attrs.emplace_back(name, std::move(value));
}

bool equals(const Value& a, const Value& b) {
    using K = Value::Kind;
    if (a.is_numeric_like() && b.is_numeric_like()) {
        if (a.is(K::BigUInt) || b.is(K::BigUInt)) {
            if (a.is(K::BigUInt) && b.is(K::BigUInt)) return a.as_big_unsigned() == b.as_big_unsigned();
            return static_cast<long double>(a.to_double()) == static_cast<long double>(b.to_double());
        }
        if (!a.is(K::Float) && !b.is(K::Float))
            return (a.is(K::Bool) ? a.as_bool() : a.as_int()) == (b.is(K::Bool) ? b.as_bool() : b.as_int());
        long double x = a.is(K::Int) ? static_cast<long double>(a.as_int()) : a.to_double();
        long double y = b.is(K::Int) ? static_cast<long double>(b.as_int()) : b.to_double();
        return x == y;
    }
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
        case K::Undefined:
        case K::None: return true;
        case K::String: return a.as_string() == b.as_string();
        case K::List: {
            const ListData &x = a.as_list(), &y = b.as_list();
            if (x.tuple != y.tuple || x.items.size() != y.items.size()) return false;
            for (size_t i = 0; i < x.items.size(); ++i)
                if (!equals(x.items[i], y.items[i])) return false;
            return true;
        }
        case K::Dict: {
            const DictData &x = a.as_dict(), &y = b.as_dict();
            if (x.loop || y.loop) return &x == &y;
            if (x.items.size() != y.items.size()) return false;
            for (const auto& [key, value] : x.items) {
                const Value* other = b.find(key);
                if (!other || !equals(value, *other)) return false;
            }
            return true;
        }
        default: return a.identity() == b.identity();
    }
}

int compare(const Value& a, const Value& b, std::string_view op) {
    using K = Value::Kind;
    if (a.is_numeric_like() && b.is_numeric_like()) {
        auto exact = [](const Value& v) -> long double {
            if (v.is(K::Int)) return static_cast<long double>(v.as_int());
            if (v.is(K::BigUInt)) return static_cast<long double>(v.as_big_unsigned());
            return v.to_double();
        };
        long double x = exact(a), y = exact(b);
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (a.is_string() && b.is_string()) {
        int c = a.as_string().compare(b.as_string());
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.is_list() && b.is_list() && a.as_list().tuple == b.as_list().tuple) {
        const auto &x = a.as_list().items, &y = b.as_list().items;
        for (size_t i = 0; i < x.size() && i < y.size(); ++i)
            if (!equals(x[i], y[i])) return compare(x[i], y[i], op);
        return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
    }
    fail("'" + std::string(op) + "' not supported between instances of '" + a.type_name() +
         "' and '" + b.type_name() + "'");
}

bool contains(const Value& container, const Value& item) {
    switch (container.kind()) {
        case Value::Kind::Undefined: return false;
        case Value::Kind::String:
            if (!item.is_string())
                fail("'in <string>' requires string as left operand, not " + item.type_name());
            return container.as_string().find(item.as_string()) != std::string::npos;
        case Value::Kind::List:
            for (const Value& v : container.as_list().items)
                if (equals(v, item)) return true;
            return false;
        case Value::Kind::Dict:
            if (container.as_dict().loop) break;
            return item.is_string() && container.find(item.as_string()) != nullptr;
        default: break;
    }
    fail("argument of type '" + container.type_name() + "' is not iterable");
}

}  // namespace peng::jinja
