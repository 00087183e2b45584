#pragma once
// The values a Jinja template computes with, modelled on the Python objects that
// Jinja2 sees when Hugging Face renders a chat template: None, bool, int, float,
// str, list, tuple, dict, namespace(), macros and Undefined. Strings, lists and
// dicts are immutable and shared (the sandbox Hugging Face uses forbids mutating
// them), so copying a Value is cheap. Namespaces are the one mutable kind; the
// interpreter owns them for the whole render, so a Value only points at one.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace peng::jinja {

struct ListData;
struct DictData;
struct Namespace;
struct Function;

// A missing variable, attribute or item. `hint` says what was missing, so that an
// error raised when it is used can name it ("'foo' is undefined").
struct Undefined {
    std::string hint;
};

class Value {
public:
    enum class Kind { Undefined, None, Bool, Int, BigUInt, Float, String, List, Dict, Namespace, Function };

    Value() = default;  // Undefined
    static Value undefined(std::string hint = {});
    static Value none();
    static Value boolean(bool b);
    static Value integer(std::int64_t i);
    static Value big_unsigned(std::uint64_t u);  // JSON integers above INT64_MAX
    static Value floating(double d);
    static Value string(std::string s);
    static Value list(std::vector<Value> items, bool tuple = false);
    static Value dict(std::vector<std::pair<std::string, Value>> items, bool loop = false);
    static Value ns(Namespace* ns);
    static Value function(const Function* fn);

    Kind kind() const { return static_cast<Kind>(v_.index()); }
    bool is(Kind k) const { return kind() == k; }
    bool is_undefined() const { return is(Kind::Undefined); }
    bool is_none() const { return is(Kind::None); }
    bool is_string() const { return is(Kind::String); }
    bool is_list() const { return is(Kind::List); }
    bool is_dict() const { return is(Kind::Dict); }
    bool is_integer() const { return is(Kind::Int) || is(Kind::BigUInt); }
    bool is_number() const { return is_integer() || is(Kind::Float); }
    // Python's numbers.Number also counts bool.
    bool is_numeric_like() const { return is_number() || is(Kind::Bool); }

    bool as_bool() const { return std::get<bool>(v_); }
    std::int64_t as_int() const { return std::get<std::int64_t>(v_); }
    std::uint64_t as_big_unsigned() const { return std::get<std::uint64_t>(v_); }
    double as_float() const { return std::get<double>(v_); }
    const std::string& as_string() const { return *std::get<StringPtr>(v_); }
    const ListData& as_list() const { return *std::get<ListPtr>(v_); }
    const DictData& as_dict() const { return *std::get<DictPtr>(v_); }
    Namespace* as_namespace() const { return std::get<Namespace*>(v_); }
    const Function* as_function() const { return std::get<const Function*>(v_); }
    const std::string& undefined_hint() const { return std::get<Undefined>(v_).hint; }

    // Identity of the shared payload, for the `sameas` test.
    const void* identity() const;

    bool truthy() const;
    double to_double() const;        // int, float or bool as a double
    std::string str() const;         // Python str(): what {{ value }} prints
    std::string repr() const;        // Python repr()
    std::string type_name() const;   // Python type name, for error messages

    const Value* find(std::string_view key) const;  // dict or namespace member, or null
    int nesting_depth() const;                      // 0 for scalars

private:
    using StringPtr = std::shared_ptr<const std::string>;
    using ListPtr = std::shared_ptr<const ListData>;
    using DictPtr = std::shared_ptr<const DictData>;
    std::variant<Undefined, std::nullptr_t, bool, std::int64_t, std::uint64_t, double, StringPtr,
                 ListPtr, DictPtr, Namespace*, const Function*>
        v_;
};

using Dict = std::vector<std::pair<std::string, Value>>;  // insertion-ordered, as Python dicts are

// Strings and lists built by templates are capped so a hostile one cannot
// exhaust memory; code that builds them checks as they grow, before the memory
// is spent. Real templates build strings the size of a prompt and lists the
// size of a conversation.
constexpr size_t kMaxStringBytes = 64u << 20;
constexpr size_t kMaxListItems = 1u << 20;
void check_string_size(size_t bytes);  // EvalError beyond kMaxStringBytes
void check_list_size(size_t items);    // EvalError beyond kMaxListItems

// Lists and dicts record how deeply they nest, so that a template cannot build a
// structure deep enough to overflow the stack when it is printed or destroyed.
constexpr int kMaxNesting = 256;

struct ListData {
    std::vector<Value> items;
    bool tuple = false;
    int depth = 1;
};

struct DictData {
    Dict items;
    bool loop = false;  // Jinja's `loop` object: a read-only record, not a mapping
    int depth = 1;
};

struct Namespace {
    Dict attrs;
    void set(const std::string& name, Value value);
};

// Arguments of a call as written: positional ones, then name=value ones.
struct CallArgs {
    std::vector<Value> positional;
    Dict keyword;
};

struct Function {
    std::string name;
    std::function<Value(CallArgs&)> call;
};

// Namespaces and macros live as long as one render; the interpreter owns them
// here, so Values can point at them without reference cycles (a namespace may
// hold itself).
struct Arena {
    std::deque<Namespace> namespaces;
    std::deque<Function> functions;
};

bool equals(const Value& a, const Value& b);          // Python ==
// Python ordering for <, >, <=, >=: numbers with numbers, strings with strings,
// lists and tuples item by item. Anything else is an EvalError naming `op`.
int compare(const Value& a, const Value& b, std::string_view op);
bool contains(const Value& container, const Value& item);  // Python `item in container`

}  // namespace peng::jinja
