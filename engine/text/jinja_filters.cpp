#include "text/jinja_filters.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "text/jinja_access.h"
#include "text/jinja_args.h"
#include "text/jinja_error.h"
#include "text/jinja_json.h"
#include "text/jinja_methods.h"
#include "text/jinja_ops.h"
#include "text/jinja_predicates.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

namespace {

using K = Value::Kind;

Value str_value(const Value& v) { return v.is_string() ? v : Value::string(v.str()); }

Value tojson(const Value& v, const CallArgs& args) {
    // Hugging Face's signature: tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False)
    auto a = bind_args(args,
                       {{"ensure_ascii", Value::boolean(false)},
                        {"indent", Value::none()},
                        {"separators", Value::none()},
                        {"sort_keys", Value::boolean(false)}},
                       "tojson");
    JsonFormat f;
    f.ensure_ascii = bool_arg(a[0], "tojson", "ensure_ascii");
    if (a[1].is(K::Int) || a[1].is(K::Bool)) {
        std::int64_t n = int_arg(a[1], "tojson", "indent");
        f.indent = std::string(static_cast<size_t>(std::clamp<std::int64_t>(n, 0, 1024)), ' ');
    } else if (a[1].is_string()) {
        f.indent = a[1].as_string();
    } else if (!a[1].is_none()) {
        fail("tojson(): 'indent' must be an integer, a string or None, not " + a[1].type_name());
    }
    if (!a[2].is_none()) {
        if (!a[2].is_list() || a[2].as_list().items.size() != 2)
            fail("tojson(): 'separators' must be a pair of strings");
        f.item_separator = string_arg(a[2].as_list().items[0], "tojson", "separators");
        f.key_separator = string_arg(a[2].as_list().items[1], "tojson", "separators");
    }
    f.sort_keys = bool_arg(a[3], "tojson", "sort_keys");
    return Value::string(to_json(v, f));
}

Value length(const Value& v) {
    switch (v.kind()) {
        case K::Undefined: return Value::integer(0);
        case K::String: return Value::integer(static_cast<std::int64_t>(unicode::length(v.as_string())));
        case K::List: return Value::integer(static_cast<std::int64_t>(v.as_list().items.size()));
        case K::Dict:
            if (v.as_dict().loop) {
                const Value* n = v.find("length");
                return n ? *n : Value::integer(0);
            }
            return Value::integer(static_cast<std::int64_t>(v.as_dict().items.size()));
        default: fail("object of type '" + v.type_name() + "' has no len()");
    }
}

Value items(const Value& v) {
    if (v.is_undefined()) return Value::list({});
    if (!v.is_dict() || v.as_dict().loop) fail("Can only get item pairs from a mapping.");
    std::vector<Value> pairs;
    for (const auto& [k, x] : v.as_dict().items) pairs.push_back(Value::list({Value::string(k), x}, true));
    return Value::list(std::move(pairs));
}

// Jinja's title filter: capitalise each word, words starting after - ( { [ < or whitespace.
std::string jinja_title(const std::string& s) {
    std::string out;
    bool word_start = true;
    size_t pos = 0;
    while (pos < s.size()) {
        char32_t c = unicode::next(s, pos);
        bool separator = unicode::is_space(c) || c == '-' || c == '(' || c == '{' || c == '[' || c == '<';
        std::string ch;
        unicode::append(ch, c);
        if (separator) out += ch;
        else out += word_start ? unicode::to_upper(ch) : unicode::to_lower(ch);
        word_start = separator;
    }
    return out;
}

Value indent(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"width", Value::integer(4)}, {"first", Value::boolean(false)},
                              {"blank", Value::boolean(false)}}, "indent");
    std::string pad = a[0].is_string() ? a[0].as_string()
                                       : std::string(static_cast<size_t>(std::clamp<std::int64_t>(
                                                         int_arg(a[0], "indent", "width"), 0, 1024)), ' ');
    bool first = bool_arg(a[1], "indent", "first"), blank = bool_arg(a[2], "indent", "blank");
    // Jinja2 appends a newline before splitting, so a trailing newline survives.
    std::vector<std::string> lines = python_splitlines(v.str() + "\n", false);
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (i) out += "\n";
        if (i > 0 && (blank || !lines[i].empty())) out += pad;
        out += lines[i];
        check_string_size(out.size());
    }
    if (first) out = pad + out;
    return Value::string(std::move(out));
}

Value html_escape(const Value& v) {
    std::string out;
    for (char c : v.str()) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&#34;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
        check_string_size(out.size());
    }
    return Value::string(std::move(out));
}

// Python's int(str): optional sign, digits with single underscores, surrounding whitespace.
bool parse_python_int(std::string_view text, std::int64_t base, std::int64_t& out) {
    std::string_view s = unicode::strip_spaces(text, true, true);
    if (base < 2 || base > 36) return false;
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (base == 16 && s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
    std::string digits;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '_' && i > 0 && i + 1 < s.size() && s[i - 1] != '_') continue;
        digits += s[i];
    }
    if (digits.empty() || digits.find_first_of("+- \t") != std::string::npos) return false;
    errno = 0;
    char* end = nullptr;
    unsigned long long v = std::strtoull(digits.c_str(), &end, static_cast<int>(base));
    if (errno || *end || v > static_cast<unsigned long long>(INT64_MAX)) return false;
    out = negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
    return true;
}

// Python's float(str).
bool parse_python_float(std::string_view text, double& out) {
    std::string s(unicode::strip_spaces(text, true, true));
    if (s.empty() || s.find_first_of("xXpP") != std::string::npos) return false;
    std::string cleaned;
    for (size_t i = 0; i < s.size(); ++i)
        if (!(s[i] == '_' && i > 0 && i + 1 < s.size())) cleaned += s[i];
    char* end = nullptr;
    out = std::strtod(cleaned.c_str(), &end);
    return end && *end == '\0';
}

Value to_int(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"default", Value::integer(0)}, {"base", Value::integer(10)}}, "int");
    std::int64_t base = int_arg(a[1], "int", "base");
    if (v.is(K::Int) || v.is(K::BigUInt)) return v;
    if (v.is(K::Bool)) return Value::integer(v.as_bool() ? 1 : 0);
    double d = 0;
    if (v.is(K::Float)) d = v.as_float();
    else if (v.is_string()) {
        std::int64_t i = 0;
        if (parse_python_int(v.as_string(), base, i)) return Value::integer(i);
        if (!parse_python_float(v.as_string(), d)) return a[0];
    } else {
        return a[0];
    }
    if (std::isnan(d)) return a[0];
    if (!std::isfinite(d) || std::fabs(d) >= 9.2e18) fail("cannot convert float " + python_float_repr(d) + " to integer");
    return Value::integer(static_cast<std::int64_t>(d));
}

Value to_float(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"default", Value::floating(0.0)}}, "float");
    if (v.is_numeric_like()) return Value::floating(v.to_double());
    double d = 0;
    if (v.is_string() && parse_python_float(v.as_string(), d)) return Value::floating(d);
    return a[0];
}

Value round_filter(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"precision", Value::integer(0)}, {"method", Value::string("common")}}, "round");
    std::int64_t precision = std::clamp<std::int64_t>(int_arg(a[0], "round", "precision"), -308, 308);
    const std::string& method = string_arg(a[1], "round", "method");
    if (method != "common" && method != "ceil" && method != "floor")
        fail("round(): method must be 'common', 'ceil' or 'floor'");
    if (!v.is_numeric_like()) fail("round() needs a number, not " + v.type_name());
    if (method == "common" && (v.is(K::Int) || v.is(K::Bool)) && precision >= 0) return Value::integer(v.is(K::Bool) ? v.as_bool() : v.as_int());
    double x = v.to_double(), scale = std::pow(10.0, static_cast<double>(precision));
    if (method == "ceil") return Value::floating(std::ceil(x * scale) / scale);
    if (method == "floor") return Value::floating(std::floor(x * scale) / scale);
    if (!std::isfinite(x)) return Value::floating(x);
    if (precision >= 0) {  // printf rounds the exact binary value half-to-even, as Python's round does
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<std::int64_t>(precision, 300)), x);
        return Value::floating(std::strtod(buf, nullptr));
    }
    double unit = std::pow(10.0, static_cast<double>(-precision));
    return Value::floating(std::nearbyint(x / unit) * unit);
}

// Sort/unique/min/max key: an attribute path, lower-cased strings unless case-sensitive.
Value sort_key(const Value& item, const Value& attribute, bool case_sensitive) {
    Value key = item;
    if (attribute.is_string()) key = get_path(item, attribute.as_string());
    else if (attribute.is(K::Int)) key = get_item(item, attribute);
    if (!case_sensitive && key.is_string()) key = Value::string(unicode::to_lower(key.as_string()));
    return key;
}

Value sort_filter(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"reverse", Value::boolean(false)}, {"case_sensitive", Value::boolean(false)},
                              {"attribute", Value::none()}}, "sort");
    bool reverse = bool_arg(a[0], "sort", "reverse"), cs = bool_arg(a[1], "sort", "case_sensitive");
    std::vector<std::pair<Value, Value>> keyed;
    for (const Value& item : iterate(v)) keyed.emplace_back(sort_key(item, a[2], cs), item);
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
        return reverse ? compare(y.first, x.first, "<") < 0 : compare(x.first, y.first, "<") < 0;
    });
    std::vector<Value> out;
    for (auto& [k, item] : keyed) out.push_back(std::move(item));
    return Value::list(std::move(out));
}

Value unique_filter(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"case_sensitive", Value::boolean(false)}, {"attribute", Value::none()}}, "unique");
    bool cs = bool_arg(a[0], "unique", "case_sensitive");
    std::vector<Value> seen, out;
    for (const Value& item : iterate(v)) {
        Value key = sort_key(item, a[1], cs);
        bool dup = false;
        for (const Value& s : seen) dup = dup || equals(s, key);
        if (dup) continue;
        seen.push_back(key);
        out.push_back(item);
    }
    return Value::list(std::move(out));
}

Value min_max(const Value& v, const CallArgs& args, bool want_max) {
    const char* name = want_max ? "max" : "min";
    auto a = bind_args(args, {{"case_sensitive", Value::boolean(false)}, {"attribute", Value::none()}}, name);
    bool cs = bool_arg(a[0], name, "case_sensitive");
    std::optional<Value> best, best_key;
    for (const Value& item : iterate(v)) {
        Value key = sort_key(item, a[1], cs);
        if (!best || (want_max ? compare(key, *best_key, ">") > 0 : compare(key, *best_key, "<") < 0)) {
            best = item;
            best_key = key;
        }
    }
    return best ? *best : Value::undefined("No aggregated item, sequence was empty.");
}

Value dictsort(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"case_sensitive", Value::boolean(false)}, {"by", Value::string("key")},
                              {"reverse", Value::boolean(false)}}, "dictsort");
    if (!v.is_dict()) fail("dictsort(): expected a mapping, got " + v.type_name());
    bool cs = bool_arg(a[0], "dictsort", "case_sensitive"), reverse = bool_arg(a[2], "dictsort", "reverse");
    const std::string& by = string_arg(a[1], "dictsort", "by");
    if (by != "key" && by != "value") fail("dictsort(): 'by' must be 'key' or 'value'");
    std::vector<Value> pairs = items(v).as_list().items;
    std::stable_sort(pairs.begin(), pairs.end(), [&](const Value& x, const Value& y) {
        size_t i = by == "key" ? 0 : 1;
        Value kx = sort_key(x.as_list().items[i], Value::none(), cs);
        Value ky = sort_key(y.as_list().items[i], Value::none(), cs);
        return reverse ? compare(ky, kx, "<") < 0 : compare(kx, ky, "<") < 0;
    });
    return Value::list(std::move(pairs));
}

Value join(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"d", Value::string("")}, {"attribute", Value::none()}}, "join");
    std::string sep = a[0].str(), out;
    bool first = true;
    for (const Value& item : iterate(v)) {
        if (!first) out += sep;
        first = false;
        out += (a[1].is_none() ? item : get_path(item, a[1].str())).str();
        check_string_size(out.size());
    }
    return Value::string(std::move(out));
}

CallArgs rest_args(const CallArgs& args, size_t skip) {
    CallArgs rest;
    rest.positional.assign(args.positional.begin() + static_cast<std::ptrdiff_t>(std::min(skip, args.positional.size())),
                           args.positional.end());
    rest.keyword = args.keyword;
    return rest;
}

Value map_filter(const Value& v, const CallArgs& args) {
    for (const auto& [k, x] : args.keyword) {
        if (k != "attribute") continue;
        auto a = bind_args(args, {{"attribute", std::nullopt}, {"default", Value()}}, "map");
        std::vector<Value> out;
        for (const Value& item : iterate(v)) {
            Value got = get_path(item, a[0].str());
            out.push_back(got.is_undefined() && !a[1].is_undefined() ? a[1] : got);
        }
        return Value::list(std::move(out));
    }
    if (args.positional.empty()) fail("map() needs a filter name or attribute=");
    const std::string& filter = string_arg(args.positional[0], "map", "filter");
    CallArgs rest = rest_args(args, 1);
    std::vector<Value> out;
    for (const Value& item : iterate(v)) {
        auto r = apply_filter(filter, item, rest);
        if (!r) fail("unsupported filter '" + filter + "' in map()");
        out.push_back(*r);
    }
    return Value::list(std::move(out));
}

bool run_test(const Value& item, const CallArgs& args, size_t name_at, std::string_view callee) {
    if (args.positional.size() <= name_at) return item.truthy();
    const std::string& test = string_arg(args.positional[name_at], callee, "test");
    CallArgs rest = rest_args(args, name_at + 1);
    auto r = apply_test(test, item, rest);
    if (!r) fail("unsupported test '" + test + "' in " + std::string(callee) + "()");
    return *r;
}

Value select_filter(const Value& v, const CallArgs& args, bool keep, bool by_attribute, std::string_view callee) {
    if (!args.keyword.empty()) fail(std::string(callee) + "() takes no keyword arguments");
    if (by_attribute && args.positional.empty()) fail(std::string(callee) + "() needs an attribute name");
    std::vector<Value> out;
    for (const Value& item : iterate(v)) {
        Value subject = by_attribute ? get_path(item, string_arg(args.positional[0], callee, "attribute")) : item;
        if (run_test(subject, args, by_attribute ? 1 : 0, callee) == keep) out.push_back(item);
    }
    return Value::list(std::move(out));
}

Value sum_filter(const Value& v, const CallArgs& args) {
    auto a = bind_args(args, {{"attribute", Value::none()}, {"start", Value::integer(0)}}, "sum");
    Value total = a[1];
    for (const Value& item : iterate(v))
        total = binary_op(BinaryOp::Add, total, a[0].is_none() ? item : get_path(item, a[0].str()));
    return total;
}

Value first_last(const Value& v, bool last) {
    if (v.is_dict() && !v.as_dict().loop) {
        const Dict& d = v.as_dict().items;
        if (!d.empty()) return Value::string(last ? d.back().first : d.front().first);
    } else {
        std::vector<Value> all = iterate(v);
        if (!all.empty()) return last ? all.back() : all.front();
    }
    return Value::undefined(last ? "No last item, sequence was empty." : "No first item, sequence was empty.");
}

}  // namespace

std::optional<Value> apply_filter(std::string_view name, const Value& v, const CallArgs& args) {
    auto no_args = [&] { expect_no_args(args, name); };
    if (name == "safe") return no_args(), v;
    if (name == "string") return no_args(), str_value(v);
    if (name == "tojson") return tojson(v, args);
    if (name == "length" || name == "count") return no_args(), length(v);
    if (name == "items") return no_args(), items(v);
    if (name == "trim") {
        auto a = bind_args(args, {{"chars", Value::none()}}, name);
        std::string s = v.str();
        if (a[0].is_none()) return Value::string(std::string(unicode::strip_spaces(s, true, true)));
        return Value::string(unicode::strip_chars(s, string_arg(a[0], name, "chars"), true, true));
    }
    if (name == "default" || name == "d") {
        auto a = bind_args(args, {{"default_value", Value::string("")}, {"boolean", Value::boolean(false)}}, name);
        if (v.is_undefined() || (bool_arg(a[1], name, "boolean") && !v.truthy())) return a[0];
        return v;
    }
    if (name == "lower") return no_args(), Value::string(unicode::to_lower(v.str()));
    if (name == "upper") return no_args(), Value::string(unicode::to_upper(v.str()));
    if (name == "capitalize") return no_args(), Value::string(unicode::capitalize(v.str()));
    if (name == "title") return no_args(), Value::string(jinja_title(v.str()));
    if (name == "replace") {
        auto a = bind_args(args, {{"old", std::nullopt}, {"new", std::nullopt}, {"count", Value::none()}}, name);
        std::int64_t count = a[2].is_none() ? -1 : int_arg(a[2], name, "count");
        return Value::string(python_replace(v.str(), a[0].str(), a[1].str(), count));
    }
    if (name == "indent") return indent(v, args);
    if (name == "join") return join(v, args);
    if (name == "first" || name == "last") return no_args(), first_last(v, name == "last");
    if (name == "list") return no_args(), Value::list(iterate(v));
    if (name == "reverse") {
        no_args();
        if (v.is_string()) {
            std::u32string cps = unicode::decode(v.as_string());
            std::reverse(cps.begin(), cps.end());
            return Value::string(unicode::encode(cps));
        }
        std::vector<Value> all = iterate(v);
        std::reverse(all.begin(), all.end());
        return Value::list(std::move(all));
    }
    if (name == "sort") return sort_filter(v, args);
    if (name == "unique") return unique_filter(v, args);
    if (name == "dictsort") return dictsort(v, args);
    if (name == "min" || name == "max") return min_max(v, args, name == "max");
    if (name == "sum") return sum_filter(v, args);
    if (name == "map") return map_filter(v, args);
    if (name == "select" || name == "reject") return select_filter(v, args, name == "select", false, name);
    if (name == "selectattr" || name == "rejectattr") return select_filter(v, args, name == "selectattr", true, name);
    if (name == "int") return to_int(v, args);
    if (name == "float") return to_float(v, args);
    if (name == "round") return round_filter(v, args);
    if (name == "abs") {
        no_args();
        if (v.is(K::Float)) return Value::floating(std::fabs(v.as_float()));
        Value n = unary_op(UnaryOp::Pos, v);
        return n.as_int() < 0 ? unary_op(UnaryOp::Neg, n) : n;
    }
    if (name == "e" || name == "escape") return no_args(), html_escape(v);
    return std::nullopt;
}

}  // namespace peng::jinja
