#include "text/jinja_methods.h"

#include <algorithm>
#include <string>

#include "text/jinja_access.h"
#include "text/jinja_args.h"
#include "text/jinja_error.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

namespace {

// Appends a part of a split string, refusing a list past kMaxListItems before
// the memory is spent: ('x' * 60000000).split('x') would make 60 million).
void push(std::vector<std::string>& parts, std::string part) {
    check_list_size(parts.size() + 1);
    parts.push_back(std::move(part));
}

}  // namespace

std::vector<std::string> python_split(const std::string& s, const Value& sep, std::int64_t maxsplit, bool from_right) {
    std::vector<std::string> out;
    auto limit_reached = [&] { return maxsplit >= 0 && static_cast<std::int64_t>(out.size()) >= maxsplit; };
    if (sep.is_none() || sep.is_undefined()) {
        std::u32string t = unicode::decode(s);
        size_t n = t.size();
        if (!from_right) {
            size_t i = 0;
            while (true) {
                while (i < n && unicode::is_space(t[i])) ++i;
                if (i == n) break;
                if (limit_reached()) {
                    push(out, unicode::encode(std::u32string_view(t).substr(i)));
                    break;
                }
                size_t j = i;
                while (j < n && !unicode::is_space(t[j])) ++j;
                push(out, unicode::encode(std::u32string_view(t).substr(i, j - i)));
                i = j;
            }
        } else {
            size_t i = n;
            while (true) {
                while (i > 0 && unicode::is_space(t[i - 1])) --i;
                if (i == 0) break;
                if (limit_reached()) {
                    push(out, unicode::encode(std::u32string_view(t).substr(0, i)));
                    break;
                }
                size_t j = i;
                while (j > 0 && !unicode::is_space(t[j - 1])) --j;
                push(out, unicode::encode(std::u32string_view(t).substr(j, i - j)));
                i = j;
            }
            std::reverse(out.begin(), out.end());
        }
        return out;
    }
    const std::string& separator = string_arg(sep, from_right ? "rsplit" : "split", "sep");
    if (separator.empty()) fail("empty separator");
    if (!from_right) {
        size_t pos = 0, found;
        while (!limit_reached() && (found = s.find(separator, pos)) != std::string::npos) {
            push(out, s.substr(pos, found - pos));
            pos = found + separator.size();
        }
        push(out, s.substr(pos));
    } else {
        size_t end = s.size();
        while (!limit_reached() && end >= separator.size()) {
            size_t found = s.rfind(separator, end - separator.size());
            if (found == std::string::npos) break;
            push(out, s.substr(found + separator.size(), end - found - separator.size()));
            end = found;
        }
        push(out, s.substr(0, end));
        std::reverse(out.begin(), out.end());
    }
    return out;
}

std::string python_replace(const std::string& s, const std::string& old, const std::string& replacement,
                           std::int64_t count) {
    std::string out;
    std::int64_t done = 0;
    auto more = [&] { return count < 0 || done < count; };
    if (old.empty()) {  // Python inserts at every character boundary
        size_t pos = 0;
        while (true) {
            if (more()) {
                check_string_size(out.size() + replacement.size());
                out += replacement;
                ++done;
            }
            if (pos >= s.size()) break;
            size_t start = pos;
            unicode::next(s, pos);
            out.append(s, start, pos - start);
        }
        return out;
    }
    size_t pos = 0, found;
    while (more() && (found = s.find(old, pos)) != std::string::npos) {
        out.append(s, pos, found - pos);
        check_string_size(out.size() + replacement.size());
        out += replacement;
        pos = found + old.size();
        ++done;
    }
    out.append(s, pos, std::string::npos);
    return out;
}

std::vector<std::string> python_splitlines(const std::string& s, bool keepends) {
    std::vector<std::string> out;
    size_t line_start = 0, pos = 0;
    while (pos < s.size()) {
        size_t break_start = pos;
        char32_t c = unicode::next(s, pos);
        if (!unicode::is_line_break(c)) continue;
        if (c == '\r' && pos < s.size() && s[pos] == '\n') ++pos;
        push(out, s.substr(line_start, (keepends ? pos : break_start) - line_start));
        line_start = pos;
    }
    if (line_start < s.size()) push(out, s.substr(line_start));
    return out;
}

namespace {

Value string_list(const std::vector<std::string>& parts) {
    std::vector<Value> items;
    items.reserve(parts.size());
    for (const auto& p : parts) items.push_back(Value::string(p));
    return Value::list(std::move(items));
}

// The code-point window [start, end) that find/count/startswith look in, as
// Python clamps it; `valid` is false when start lies past end.
struct Window {
    size_t begin_byte, end_byte, begin_cp;
    bool valid;
    bool past_end;  // start beyond the string's length
};

Window window(const std::string& s, const Value& start_v, const Value& end_v, std::string_view callee) {
    std::int64_t len = static_cast<std::int64_t>(unicode::length(s));
    auto resolve = [&](const Value& v, std::int64_t fallback, const char* name) {
        if (v.is_none() || v.is_undefined()) return fallback;
        std::int64_t x = int_arg(v, callee, name);
        if (x < 0) x = std::max<std::int64_t>(x + len, 0);
        return x;
    };
    std::int64_t start = resolve(start_v, 0, "start");
    std::int64_t end = std::min(resolve(end_v, len, "end"), len);
    Window w{};
    w.past_end = start > len;
    w.valid = start <= end;
    if (!w.valid) return w;
    w.begin_cp = static_cast<size_t>(start);
    w.begin_byte = unicode::byte_offset(s, static_cast<size_t>(start));
    w.end_byte = unicode::byte_offset(s, static_cast<size_t>(end));
    return w;
}

bool affix_matches(const std::string& s, const Value& affix, const Window& w, bool prefix, std::string_view callee) {
    auto test = [&](const std::string& a) {
        if (!w.valid || w.past_end) return false;
        size_t span = w.end_byte - w.begin_byte;
        if (a.size() > span) return false;
        size_t at = prefix ? w.begin_byte : w.end_byte - a.size();
        return s.compare(at, a.size(), a) == 0;
    };
    if (affix.is_string()) return test(affix.as_string());
    if (affix.is_list()) {
        for (const Value& item : affix.as_list().items)
            if (test(string_arg(item, callee, "prefix"))) return true;
        return false;
    }
    fail(std::string(callee) + "() first arg must be str or a tuple of str, not " + affix.type_name());
}

std::optional<Value> string_method(const std::string& s, std::string_view name, const CallArgs& args) {
    const Value none = Value::none();
    if (name == "startswith" || name == "endswith") {
        auto a = bind_args(args, {{"prefix", std::nullopt}, {"start", none}, {"end", none}}, name);
        return Value::boolean(affix_matches(s, a[0], window(s, a[1], a[2], name), name == "startswith", name));
    }
    if (name == "split" || name == "rsplit") {
        auto a = bind_args(args, {{"sep", none}, {"maxsplit", Value::integer(-1)}}, name);
        return string_list(python_split(s, a[0], int_arg(a[1], name, "maxsplit"), name == "rsplit"));
    }
    if (name == "strip" || name == "lstrip" || name == "rstrip") {
        auto a = bind_args(args, {{"chars", none}}, name);
        bool left = name != "rstrip", right = name != "lstrip";
        if (a[0].is_none()) return Value::string(std::string(unicode::strip_spaces(s, left, right)));
        return Value::string(unicode::strip_chars(s, string_arg(a[0], name, "chars"), left, right));
    }
    if (name == "upper") return expect_no_args(args, name), Value::string(unicode::to_upper(s));
    if (name == "lower") return expect_no_args(args, name), Value::string(unicode::to_lower(s));
    if (name == "title") return expect_no_args(args, name), Value::string(unicode::title(s));
    if (name == "capitalize") return expect_no_args(args, name), Value::string(unicode::capitalize(s));
    if (name == "replace") {
        auto a = bind_args(args, {{"old", std::nullopt}, {"new", std::nullopt}, {"count", Value::integer(-1)}}, name);
        return Value::string(python_replace(s, string_arg(a[0], name, "old"), string_arg(a[1], name, "new"),
                                            int_arg(a[2], name, "count")));
    }
    if (name == "find" || name == "rfind" || name == "index" || name == "rindex") {
        auto a = bind_args(args, {{"sub", std::nullopt}, {"start", none}, {"end", none}}, name);
        const std::string& sub = string_arg(a[0], name, "sub");
        Window w = window(s, a[1], a[2], name);
        std::int64_t result = -1;
        if (w.valid && sub.size() <= w.end_byte - w.begin_byte) {
            bool reverse = name[0] == 'r';
            size_t found = reverse ? s.rfind(sub, w.end_byte - sub.size()) : s.find(sub, w.begin_byte);
            if (found != std::string::npos && found >= w.begin_byte && found + sub.size() <= w.end_byte)
                result = static_cast<std::int64_t>(
                    w.begin_cp + unicode::length(std::string_view(s).substr(w.begin_byte, found - w.begin_byte)));
        }
        if (result < 0 && (name == "index" || name == "rindex")) fail("substring not found");
        return Value::integer(result);
    }
    if (name == "count") {
        auto a = bind_args(args, {{"sub", std::nullopt}, {"start", none}, {"end", none}}, name);
        const std::string& sub = string_arg(a[0], name, "sub");
        Window w = window(s, a[1], a[2], name);
        if (!w.valid) return Value::integer(0);
        std::string_view span = std::string_view(s).substr(w.begin_byte, w.end_byte - w.begin_byte);
        if (sub.empty()) return Value::integer(static_cast<std::int64_t>(unicode::length(span) + 1));
        std::int64_t n = 0;
        for (size_t p = span.find(sub); p != std::string_view::npos; p = span.find(sub, p + sub.size())) ++n;
        return Value::integer(n);
    }
    if (name == "join") {
        auto a = bind_args(args, {{"iterable", std::nullopt}}, name);
        std::string out;
        size_t i = 0;
        for (const Value& item : iterate(a[0])) {
            if (!item.is_string())
                fail("sequence item " + std::to_string(i) + ": expected str instance, " + item.type_name() + " found");
            if (i++) out += s;
            out += item.as_string();
        }
        return Value::string(std::move(out));
    }
    if (name == "splitlines") {
        auto a = bind_args(args, {{"keepends", Value::boolean(false)}}, name);
        return string_list(python_splitlines(s, bool_arg(a[0], name, "keepends")));
    }
    if (name == "isspace" || name == "isdigit") {
        expect_no_args(args, name);
        if (s.empty()) return Value::boolean(false);
        size_t pos = 0;
        while (pos < s.size()) {
            char32_t c = unicode::next(s, pos);
            bool ok = name == "isspace" ? unicode::is_space(c) : (c >= '0' && c <= '9');
            if (!ok) return Value::boolean(false);
        }
        return Value::boolean(true);
    }
    if (name == "islower" || name == "isupper") {
        expect_no_args(args, name);
        bool cased = false;
        size_t pos = 0;
        while (pos < s.size()) {
            char32_t c = unicode::next(s, pos);
            if (name == "islower" ? unicode::is_upper(c) : unicode::is_lower(c)) return Value::boolean(false);
            cased = cased || unicode::is_cased(c);
        }
        return Value::boolean(cased);
    }
    return std::nullopt;
}

std::optional<Value> dict_method(const Value& d, std::string_view name, const CallArgs& args) {
    const Dict& items = d.as_dict().items;
    if (name == "get") {
        auto a = bind_args(args, {{"key", std::nullopt}, {"default", Value::none()}}, name);
        if (a[0].is_string())
            if (const Value* v = d.find(a[0].as_string())) return *v;
        return a[1];
    }
    if (name == "items") {
        expect_no_args(args, name);
        std::vector<Value> pairs;
        for (const auto& [k, v] : items) pairs.push_back(Value::list({Value::string(k), v}, true));
        return Value::list(std::move(pairs));
    }
    if (name == "keys" || name == "values") {
        expect_no_args(args, name);
        std::vector<Value> out;
        for (const auto& [k, v] : items) out.push_back(name == "keys" ? Value::string(k) : v);
        return Value::list(std::move(out));
    }
    return std::nullopt;
}

std::optional<Value> list_method(const Value& l, std::string_view name, const CallArgs& args) {
    const auto& items = l.as_list().items;
    if (name == "index" || name == "count") {
        auto a = bind_args(args, {{"value", std::nullopt}}, name);
        std::int64_t n = 0;
        for (size_t i = 0; i < items.size(); ++i) {
            if (!equals(items[i], a[0])) continue;
            if (name == "index") return Value::integer(static_cast<std::int64_t>(i));
            ++n;
        }
        if (name == "index") fail(a[0].repr() + " is not in list");
        return Value::integer(n);
    }
    return std::nullopt;
}

}  // namespace

std::optional<Value> call_method(const Value& object, std::string_view name, const CallArgs& args) {
    switch (object.kind()) {
        case Value::Kind::String: return string_method(object.as_string(), name, args);
        case Value::Kind::List: return list_method(object, name, args);
        case Value::Kind::Dict:
            if (!object.as_dict().loop) return dict_method(object, name, args);
            if (name == "cycle") {
                if (!args.keyword.empty()) fail("loop.cycle() takes no keyword arguments");
                if (args.positional.empty()) fail("no items for cycling given");
                const Value* index0 = object.find("index0");
                std::int64_t i = index0 && index0->is(Value::Kind::Int) ? index0->as_int() : 0;
                return args.positional[static_cast<size_t>(i) % args.positional.size()];
            }
            return std::nullopt;
        default: return std::nullopt;
    }
}

}  // namespace peng::jinja
