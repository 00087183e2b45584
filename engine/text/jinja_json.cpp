#include "text/jinja_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "text/jinja_error.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

std::string python_float_repr(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
    // Shortest round-trip digits, as Python's repr uses; then Python's layout.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
    bool negative = sci.front() == '-';
    if (negative) sci.remove_prefix(1);
    size_t e_pos = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e_pos))
        if (c != '.') digits += c;
    int exponent = 0;
    std::string_view exp_text = sci.substr(e_pos + 1);
    if (!exp_text.empty() && exp_text.front() == '+') exp_text.remove_prefix(1);
    std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exponent);
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();

    int decpt = exponent + 1;  // value = 0.DIGITS * 10^decpt
    int ndigits = static_cast<int>(digits.size());
    std::string out = negative ? "-" : "";
    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            out += "0." + std::string(static_cast<size_t>(-decpt), '0') + digits;
        } else if (decpt >= ndigits) {
            out += digits + std::string(static_cast<size_t>(decpt - ndigits), '0') + ".0";
        } else {
            out += digits.substr(0, static_cast<size_t>(decpt)) + "." + digits.substr(static_cast<size_t>(decpt));
        }
    } else {
        out += digits.substr(0, 1);
        if (ndigits > 1) out += "." + digits.substr(1);
        int e = decpt - 1;
        char ebuf[16];
        std::snprintf(ebuf, sizeof ebuf, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
        out += ebuf;
    }
    return out;
}

namespace {

void append_hex4(std::string& out, unsigned v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\u%04x", v & 0xFFFF);
    out += buf;
}

void append_json_string(std::string& out, std::string_view s, bool ensure_ascii) {
    out += '"';
    size_t pos = 0;
    while (pos < s.size()) {
        size_t start = pos;
        char32_t c = unicode::next(s, pos);
        switch (c) {
            case '"': out += "\\\""; continue;
            case '\\': out += "\\\\"; continue;
            case '\n': out += "\\n"; continue;
            case '\r': out += "\\r"; continue;
            case '\t': out += "\\t"; continue;
            case '\b': out += "\\b"; continue;
            case '\f': out += "\\f"; continue;
            default: break;
        }
        if (c < 0x20 || (ensure_ascii && c >= 0x7F)) {
            if (c >= 0x10000) {
                char32_t v = c - 0x10000;
                append_hex4(out, 0xD800 + (v >> 10));
                append_hex4(out, 0xDC00 + (v & 0x3FF));
            } else {
                append_hex4(out, c);
            }
        } else {
            out.append(s.substr(start, pos - start));
        }
    }
    out += '"';
}

struct Writer {
    const JsonFormat& format;
    std::string item_sep, key_sep;
    std::string out;

    void newline(int depth) {
        out += '\n';
        for (int i = 0; i < depth; ++i) out += *format.indent;
        check_string_size(out.size());
    }

    void write(const Value& v, int depth) {
        if (depth > 512) fail("tojson: value nested too deeply");
        switch (v.kind()) {
            case Value::Kind::None: out += "null"; return;
            case Value::Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
            case Value::Kind::Int:
            case Value::Kind::BigUInt: out += v.repr(); return;
            case Value::Kind::Float: {
                double d = v.as_float();
                if (std::isnan(d)) out += "NaN";
                else if (std::isinf(d)) out += d < 0 ? "-Infinity" : "Infinity";
                else out += python_float_repr(d);
                return;
            }
            case Value::Kind::String: append_json_string(out, v.as_string(), format.ensure_ascii); return;
            case Value::Kind::List: {
                const auto& items = v.as_list().items;
                out += '[';
                for (size_t i = 0; i < items.size(); ++i) {
                    if (i) out += item_sep;
                    if (format.indent) newline(depth + 1);
                    write(items[i], depth + 1);
                }
                if (format.indent && !items.empty()) newline(depth);
                out += ']';
                return;
            }
            case Value::Kind::Dict:
                if (!v.as_dict().loop) {
                    write_object(v.as_dict().items, depth);
                    return;
                }
                break;
            default: break;
        }
        fail("Object of type " + v.type_name() + " is not JSON serializable");
    }

    void write_object(const Dict& items, int depth) {
        std::vector<const std::pair<std::string, Value>*> order;
        for (const auto& item : items) order.push_back(&item);
        if (format.sort_keys)
            std::stable_sort(order.begin(), order.end(),
                             [](const auto* a, const auto* b) { return a->first < b->first; });
        out += '{';
        for (size_t i = 0; i < order.size(); ++i) {
            if (i) out += item_sep;
            if (format.indent) newline(depth + 1);
            append_json_string(out, order[i]->first, format.ensure_ascii);
            out += key_sep;
            write(order[i]->second, depth + 1);
        }
        if (format.indent && !order.empty()) newline(depth);
        out += '}';
    }
};

}  // namespace

std::string to_json(const Value& value, const JsonFormat& format) {
    Writer w{format, format.item_separator.value_or(format.indent ? "," : ", "),
             format.key_separator.value_or(": "), {}};
    w.write(value, 0);
    return std::move(w.out);
}

namespace {

Value from_json_at(const nlohmann::ordered_json& json, int depth) {
    if (depth > kMaxNesting) fail("JSON nested more than " + std::to_string(kMaxNesting) + " deep");
    using T = nlohmann::ordered_json::value_t;
    switch (json.type()) {
        case T::null: return Value::none();
        case T::boolean: return Value::boolean(json.get<bool>());
        case T::number_integer: return Value::integer(json.get<std::int64_t>());
        case T::number_unsigned: return Value::big_unsigned(json.get<std::uint64_t>());
        case T::number_float: return Value::floating(json.get<double>());
        case T::string: return Value::string(json.get<std::string>());
        case T::array: {
            std::vector<Value> items;
            items.reserve(json.size());
            for (const auto& item : json) items.push_back(from_json_at(item, depth + 1));
            return Value::list(std::move(items));
        }
        case T::object: {
            Dict items;
            items.reserve(json.size());
            for (const auto& [key, item] : json.items()) items.emplace_back(key, from_json_at(item, depth + 1));
            return Value::dict(std::move(items));
        }
        case T::discarded: return Value::undefined("discarded JSON value");
        case T::binary: break;
    }
    throw Error("chat template context: binary JSON values are not supported");
}

}  // namespace

Value from_json(const nlohmann::ordered_json& json) {
    try {
        return from_json_at(json, 0);
    } catch (const EvalError& e) {
        throw Error(std::string("chat template context: ") + e.what());
    }
}

}  // namespace peng::jinja
