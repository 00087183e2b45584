#include "text/jinja_builtins.h"

#include <ctime>
#include <string>

#include "text/jinja_args.h"
#include "text/jinja_error.h"

namespace peng::jinja {

namespace {

constexpr std::int64_t kMaxRange = 100000;

Value range(const CallArgs& args) {
    if (!args.keyword.empty()) fail("range() takes no keyword arguments");
    const auto& p = args.positional;
    if (p.empty() || p.size() > 3) fail("range expected 1 to 3 arguments, got " + std::to_string(p.size()));
    std::int64_t start = 0, stop = 0, step = 1;
    if (p.size() == 1) {
        stop = int_arg(p[0], "range", "stop");
    } else {
        start = int_arg(p[0], "range", "start");
        stop = int_arg(p[1], "range", "stop");
        if (p.size() == 3) step = int_arg(p[2], "range", "step");
    }
    if (step == 0) fail("range() arg 3 must not be zero");
    // Exact unsigned arithmetic: the span between start and stop, and the
    // values on the way, may not fit in int64 even where every item does.
    const bool up = step > 0;
    const std::uint64_t span = up ? (stop > start ? static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start) : 0)
                                  : (start > stop ? static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop) : 0);
    const std::uint64_t stride = up ? static_cast<std::uint64_t>(step) : 0 - static_cast<std::uint64_t>(step);
    const std::uint64_t count = span / stride + (span % stride != 0);
    if (count > static_cast<std::uint64_t>(kMaxRange))
        fail("range too big: " + std::to_string(count) + " items, the sandbox allows at most " +
             std::to_string(kMaxRange));
    std::vector<Value> items;
    items.reserve(count);
    // start + i * step stays between start and stop, so it fits in int64; the
    // modular sum gives it without signed overflow.
    for (std::uint64_t i = 0; i < count; ++i)
        items.push_back(Value::integer(
            static_cast<std::int64_t>(static_cast<std::uint64_t>(start) + i * static_cast<std::uint64_t>(step))));
    return Value::list(std::move(items));
}

// The dict(*args, **kwargs) construction that dict() and namespace() share.
Dict dict_from_args(const CallArgs& args, const char* callee) {
    if (args.positional.size() > 1)
        fail(std::string(callee) + "() expected at most 1 positional argument, got " +
             std::to_string(args.positional.size()));
    Dict out;
    auto put = [&](const std::string& key, const Value& value) {
        for (auto& [k, v] : out)
            if (k == key) return void(v = value);
        out.emplace_back(key, value);
    };
    if (!args.positional.empty()) {
        const Value& source = args.positional[0];
        if (source.is_dict() && !source.as_dict().loop) {
            for (const auto& [k, v] : source.as_dict().items) put(k, v);
        } else if (source.is_list()) {
            for (const Value& pair : source.as_list().items) {
                if (!pair.is_list() || pair.as_list().items.size() != 2)
                    fail(std::string(callee) + "(): each item must be a (key, value) pair");
                put(string_arg(pair.as_list().items[0], callee, "key"), pair.as_list().items[1]);
            }
        } else {
            fail(std::string(callee) + "(): '" + source.type_name() + "' object is not a mapping");
        }
    }
    for (const auto& [k, v] : args.keyword) put(k, v);
    return out;
}

Value strftime_now(const CallArgs& args) {
    auto a = bind_args(args, {{"format", std::nullopt}}, "strftime_now");
    const std::string& format = string_arg(a[0], "strftime_now", "format");
    std::time_t now = std::time(nullptr);
    std::tm local{};
#if defined(_WIN32)
    localtime_s(&local, &now);
#else
    localtime_r(&now, &local);
#endif
    if (format.empty()) return Value::string("");
    std::string buf(256 + format.size() * 8, '\0');
    size_t n = std::strftime(buf.data(), buf.size(), format.c_str(), &local);
    if (n == 0) fail("strftime_now(): formatted date too long or empty");
    buf.resize(n);
    return Value::string(std::move(buf));
}

}  // namespace

Dict builtin_globals(Arena& arena) {
    auto add = [&](const char* name, std::function<Value(CallArgs&)> fn) {
        arena.functions.push_back(Function{name, std::move(fn)});
        return std::make_pair(std::string(name), Value::function(&arena.functions.back()));
    };
    Dict globals;
    globals.push_back(add("range", [](CallArgs& a) { return range(a); }));
    globals.push_back(add("dict", [](CallArgs& a) { return Value::dict(dict_from_args(a, "dict")); }));
    globals.push_back(add("namespace", [&arena](CallArgs& a) {
        arena.namespaces.push_back(Namespace{dict_from_args(a, "namespace")});
        return Value::ns(&arena.namespaces.back());
    }));
    globals.push_back(add("raise_exception", [](CallArgs& a) -> Value {
        auto bound = bind_args(a, {{"message", std::nullopt}}, "raise_exception");
        fail("the template raised an error: " + bound[0].str());
    }));
    globals.push_back(add("strftime_now", [](CallArgs& a) { return strftime_now(a); }));
    return globals;
}

}  // namespace peng::jinja
