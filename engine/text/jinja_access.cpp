#include "text/jinja_access.h"

#include <algorithm>
#include <string>

#include "text/jinja_error.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

namespace {

std::string quoted_type(const Value& v) { return "'" + v.type_name() + " object'"; }

bool as_index(const Value& key, std::int64_t& out) {
    if (key.is(Value::Kind::Int)) out = key.as_int();
    else if (key.is(Value::Kind::Bool)) out = key.as_bool() ? 1 : 0;
    else return false;
    return true;
}

// Python's PySlice_AdjustIndices.
std::vector<std::int64_t> slice_indices(std::int64_t len, const Value& start_v, const Value& stop_v,
                                        const Value& step_v) {
    auto opt = [](const Value& v, const char* what, std::int64_t& out) {
        if (v.is_undefined() || v.is_none()) return false;
        if (!as_index(v, out)) fail(std::string("slice ") + what + " must be an integer or None, not " + v.type_name());
        return true;
    };
    std::int64_t step = 1, start = 0, stop = 0;
    opt(step_v, "step", step);
    if (step == 0) fail("slice step cannot be zero");
    bool has_start = opt(start_v, "start", start);
    bool has_stop = opt(stop_v, "stop", stop);
    if (step > 0) {
        if (!has_start) start = 0;
        if (!has_stop) stop = len;
        auto clamp = [len](std::int64_t& x) {
            if (x < 0) x = std::max<std::int64_t>(x + len, 0);
            else if (x > len) x = len;
        };
        clamp(start);
        clamp(stop);
    } else {
        if (!has_start) start = len - 1;
        if (!has_stop) stop = -1;
        else if (stop < 0) stop = std::max<std::int64_t>(stop + len, -1);
        else if (stop >= len) stop = len - 1;
        if (has_start) {
            if (start < 0) start = std::max<std::int64_t>(start + len, -1);
            else if (start >= len) start = len - 1;
        }
    }
    std::vector<std::int64_t> out;
    for (std::int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
    return out;
}

}  // namespace

void undefined_error(const Value& undefined) {
    const std::string& hint = undefined.undefined_hint();
    fail(hint.empty() ? "value is undefined" : hint);
}

Value get_attribute(const Value& object, std::string_view name) {
    if (object.is_undefined()) undefined_error(object);
    if (const Value* v = object.find(name)) return *v;
    return Value::undefined(quoted_type(object) + " has no attribute '" + std::string(name) + "'");
}

Value get_item(const Value& object, const Value& key) {
    std::int64_t index = 0;
    switch (object.kind()) {
        case Value::Kind::Undefined: undefined_error(object);
        case Value::Kind::Dict:
        case Value::Kind::Namespace:
            if (key.is_string()) return get_attribute(object, key.as_string());
            break;
        case Value::Kind::List:
            if (as_index(key, index)) {
                const auto& items = object.as_list().items;
                std::int64_t n = static_cast<std::int64_t>(items.size());
                if (index < 0) index += n;
                if (index >= 0 && index < n) return items[static_cast<size_t>(index)];
            }
            break;
        case Value::Kind::String:
            if (as_index(key, index)) {
                const std::string& s = object.as_string();
                std::int64_t n = static_cast<std::int64_t>(unicode::length(s));
                if (index < 0) index += n;
                if (index >= 0 && index < n) {
                    size_t pos = unicode::byte_offset(s, static_cast<size_t>(index));
                    std::string ch;
                    unicode::append(ch, unicode::next(s, pos));
                    return Value::string(std::move(ch));
                }
            }
            break;
        default: break;
    }
    return Value::undefined(quoted_type(object) + " has no element " + key.repr());
}

Value get_path(const Value& object, std::string_view path) {
    Value current = object;
    size_t start = 0;
    while (true) {
        size_t dot = path.find('.', start);
        std::string part(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        bool numeric = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos && part.size() < 18;
        if (current.is_undefined()) return current;
        Value next = numeric && current.is_list() ? get_item(current, Value::integer(std::stoll(part)))
                                                  : get_item(current, Value::string(part));
        current = std::move(next);
        if (dot == std::string_view::npos) return current;
        start = dot + 1;
    }
}

Value slice(const Value& object, const Value& start, const Value& stop, const Value& step) {
    if (object.is_list()) {
        const auto& items = object.as_list().items;
        std::vector<Value> out;
        for (std::int64_t i : slice_indices(static_cast<std::int64_t>(items.size()), start, stop, step))
            out.push_back(items[static_cast<size_t>(i)]);
        return Value::list(std::move(out), object.as_list().tuple);
    }
    if (object.is_string()) {
        std::u32string cps = unicode::decode(object.as_string());
        std::u32string out;
        for (std::int64_t i : slice_indices(static_cast<std::int64_t>(cps.size()), start, stop, step))
            out.push_back(cps[static_cast<size_t>(i)]);
        return Value::string(unicode::encode(out));
    }
    if (object.is_undefined()) undefined_error(object);
    fail("'" + object.type_name() + "' object is not subscriptable");
}

std::vector<Value> iterate(const Value& value) {
    switch (value.kind()) {
        case Value::Kind::Undefined: return {};
        case Value::Kind::List: return value.as_list().items;
        case Value::Kind::Dict: {
            if (value.as_dict().loop) break;
            std::vector<Value> keys;
            for (const auto& [k, v] : value.as_dict().items) keys.push_back(Value::string(k));
            return keys;
        }
        case Value::Kind::String: {
            std::vector<Value> chars;
            const std::string& s = value.as_string();
            size_t pos = 0;
            while (pos < s.size()) {
                check_list_size(chars.size() + 1);
                std::string ch;
                unicode::append(ch, unicode::next(s, pos));
                chars.push_back(Value::string(std::move(ch)));
            }
            return chars;
        }
        default: break;
    }
    fail("'" + value.type_name() + "' object is not iterable");
}

}  // namespace peng::jinja
