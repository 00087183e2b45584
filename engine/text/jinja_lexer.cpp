#include "text/jinja_lexer.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>

#include "text/jinja_error.h"
#include "text/jinja_unicode.h"

namespace peng::jinja {

namespace {

// Jinja2 reads "\r\n" and "\r" as "\n" and, with keep_trailing_newline off,
// drops one final newline.
std::string normalize_newlines(std::string_view source) {
    std::string out;
    out.reserve(source.size());
    for (size_t i = 0; i < source.size(); ++i) {
        if (source[i] == '\r') {
            out += '\n';
            if (i + 1 < source.size() && source[i + 1] == '\n') ++i;
        } else {
            out += source[i];
        }
    }
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

class Lexer {
public:
    Lexer(std::string source, const std::string& origin) : src_(std::move(source)), origin_(origin) {}

    std::vector<Token> run() {
        while (pos_ < src_.size()) {
            size_t open = find_tag_open(pos_);
            if (open == std::string::npos) {
                emit_text(src_.substr(pos_), line_);
                advance(src_.size());
                break;
            }
            lex_tag_at(open);
        }
        tokens_.push_back(Token{TokenType::End, "", line_});
        return std::move(tokens_);
    }

private:
    std::string src_;
    const std::string& origin_;
    size_t pos_ = 0;
    int line_ = 1;
    bool line_starting_ = true;  // the last tag ended with a newline (or none came yet)
    std::vector<Token> tokens_;

    [[noreturn]] void error(const std::string& message, int line) const {
        throw located_error(origin_, line, message);
    }

    void advance(size_t to) {
        for (size_t i = pos_; i < to; ++i)
            if (src_[i] == '\n') ++line_;
        pos_ = to;
    }

    bool at(size_t p, std::string_view s) const { return src_.compare(p, s.size(), s) == 0; }

    size_t skip_spaces(size_t p) const {
        while (p < src_.size()) {
            size_t q = p;
            if (!unicode::is_space(unicode::next(src_, q))) break;
            p = q;
        }
        return p;
    }

    size_t find_tag_open(size_t from) const {
        for (size_t p = src_.find('{', from); p != std::string::npos; p = src_.find('{', p + 1)) {
            if (p + 1 < src_.size() && (src_[p + 1] == '{' || src_[p + 1] == '%' || src_[p + 1] == '#'))
                return p;
        }
        return std::string::npos;
    }

    void emit_text(std::string text, int line) {
        if (!text.empty()) tokens_.push_back(Token{TokenType::Text, std::move(text), line});
    }

    // Whitespace control on the text that precedes a tag.
    std::string text_before(size_t open, char kind, char sign) const {
        std::string_view text(src_.data() + pos_, open - pos_);
        if (sign == '-') return std::string(unicode::strip_spaces(text, false, true));
        if (sign != '+' && kind != '{') {  // lstrip_blocks: block and comment tags only
            size_t line_start = text.rfind('\n');
            line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
            if (line_start > 0 || line_starting_) {
                std::string_view tail = text.substr(line_start);
                if (!tail.empty() && unicode::strip_spaces(tail, true, false).empty())
                    return std::string(text.substr(0, line_start));
            }
        }
        return std::string(text);
    }

    void lex_tag_at(size_t open) {
        char kind = src_[open + 1];
        char sign = open + 2 < src_.size() ? src_[open + 2] : '\0';
        if (sign != '-' && sign != '+') sign = '\0';
        int text_line = line_;
        emit_text(text_before(open, kind, sign), text_line);
        advance(open);
        int tag_line = line_;
        size_t body = open + 2 + (sign ? 1 : 0);
        if (kind == '#') return lex_comment(body, tag_line);
        if (kind == '%' && lex_raw(body, tag_line)) return;
        tokens_.push_back(Token{kind == '%' ? TokenType::BlockBegin : TokenType::VarBegin,
                                kind == '%' ? "{%" : "{{", tag_line});
        advance(body);
        lex_inside(kind == '%');
    }

    // The end of a comment or a raw block: "+X}" keeps what follows, "-X}" strips
    // all whitespace after it, "X}" eats one newline (trim_blocks).
    size_t after_end(size_t end_start, char marker_sign, size_t marker_len) {
        size_t p = end_start + marker_len;
        if (marker_sign == '-') return skip_spaces(p);
        if (marker_sign != '+' && p < src_.size() && src_[p] == '\n') return p + 1;
        return p;
    }

    void finish_tag(size_t end) {
        line_starting_ = end > 0 && src_[end - 1] == '\n';
        advance(end);
    }

    void lex_comment(size_t body, int tag_line) {
        for (size_t p = body; p + 1 < src_.size(); ++p) {
            if (at(p, "+#}") || at(p, "-#}")) return finish_tag(after_end(p, src_[p], 3));
            if (at(p, "#}")) return finish_tag(after_end(p, '\0', 2));
        }
        error("missing end of comment tag", tag_line);
    }

    // {% raw %}...{% endraw %}: the content is text, tags in it are not read.
    bool lex_raw(size_t body, int tag_line) {
        size_t p = skip_spaces(body);
        if (!at(p, "raw")) return false;
        p = skip_spaces(p + 3);
        size_t content;
        if (at(p, "-%}")) content = skip_spaces(p + 3);
        else if (at(p, "%}")) content = p + 2;
        else return false;
        for (size_t q = find_tag_open(content); q != std::string::npos; q = find_tag_open(q + 1)) {
            if (src_[q + 1] != '%') continue;
            char sign = q + 2 < src_.size() && (src_[q + 2] == '-' || src_[q + 2] == '+') ? src_[q + 2] : '\0';
            size_t r = skip_spaces(q + 2 + (sign ? 1 : 0));
            if (!at(r, "endraw")) continue;
            r = skip_spaces(r + 6);
            size_t end;
            if (at(r, "+%}") || at(r, "-%}")) end = after_end(r, src_[r], 3);
            else if (at(r, "%}")) end = after_end(r, '\0', 2);
            else continue;
            size_t saved = pos_;
            pos_ = content;
            bool saved_starting = line_starting_;
            line_starting_ = src_[content - 1] == '\n';
            std::string text = text_before(q, '%', sign);
            pos_ = saved;
            line_starting_ = saved_starting;
            advance(content);
            emit_text(std::move(text), line_);
            finish_tag(end);
            return true;
        }
        error("missing end of raw directive", tag_line);
    }

    void lex_inside(bool block) {
        std::string balance;  // closing brackets still expected
        while (true) {
            if (pos_ >= src_.size())
                error(std::string("unexpected end of template, expected '") + (block ? "%}" : "}}") + "'",
                      line_);
            if (balance.empty()) {
                if (block) {
                    if (at(pos_, "+%}") || at(pos_, "-%}") || at(pos_, "%}")) {
                        char sign = src_[pos_] == '%' ? '\0' : src_[pos_];
                        tokens_.push_back(Token{TokenType::BlockEnd, "%}", line_});
                        return finish_tag(after_end(pos_, sign, sign ? 3 : 2));
                    }
                } else if (at(pos_, "-}}") || at(pos_, "}}")) {
                    bool minus = src_[pos_] == '-';
                    tokens_.push_back(Token{TokenType::VarEnd, "}}", line_});
                    return finish_tag(minus ? skip_spaces(pos_ + 3) : pos_ + 2);
                }
            }
            size_t ws = skip_spaces(pos_);
            if (ws != pos_) {
                advance(ws);
                continue;
            }
            char c = src_[pos_];
            if (is_digit(c)) lex_number();
            else if (is_name_start(c)) lex_name();
            else if (c == '\'' || c == '"') lex_string(c);
            else lex_operator(balance);
        }
    }

    void lex_name() {
        size_t end = pos_;
        while (end < src_.size() && is_name_char(src_[end])) ++end;
        tokens_.push_back(Token{TokenType::Name, src_.substr(pos_, end - pos_), line_});
        advance(end);
    }

    // Digits with optional "_" separators.
    size_t digits_end(size_t p, int base = 10) const {
        auto ok = [&](char ch) {
            if (base == 16) return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
            return ch >= '0' && ch < static_cast<char>('0' + base);
        };
        size_t q = p;
        while (q < src_.size() && (ok(src_[q]) || (src_[q] == '_' && q > p && q + 1 < src_.size() && ok(src_[q + 1]))))
            ++q;
        return q;
    }

    static std::string without_underscores(std::string_view s) {
        std::string out;
        for (char ch : s)
            if (ch != '_') out += ch;
        return out;
    }

    void lex_number() {
        int line = line_;
        // Prefixed integers: 0b, 0o, 0x.
        if (src_[pos_] == '0' && pos_ + 1 < src_.size()) {
            char p = static_cast<char>(src_[pos_ + 1] | 0x20);
            int base = p == 'b' ? 2 : p == 'o' ? 8 : p == 'x' ? 16 : 0;
            if (base) {
                size_t start = pos_ + 2;
                if (start < src_.size() && src_[start] == '_') ++start;
                size_t end = digits_end(start, base);
                if (end > start) {
                    std::string digits = without_underscores(std::string_view(src_).substr(start, end - start));
                    errno = 0;
                    unsigned long long v = std::strtoull(digits.c_str(), nullptr, base);
                    if (errno) error("integer literal too large", line);
                    push_int(v, end, line);
                    return;
                }
            }
        }
        size_t end = digits_end(pos_);
        bool is_float = false;
        if (end + 1 < src_.size() && src_[end] == '.' && is_digit(src_[end + 1])) {
            end = digits_end(end + 1);
            is_float = true;
        }
        if (end < src_.size() && (src_[end] == 'e' || src_[end] == 'E')) {
            size_t q = end + 1;
            if (q < src_.size() && (src_[q] == '+' || src_[q] == '-')) ++q;
            if (q < src_.size() && is_digit(src_[q])) {
                end = digits_end(q);
                is_float = true;
            }
        }
        std::string text = without_underscores(std::string_view(src_).substr(pos_, end - pos_));
        if (is_float) {
            Token t{TokenType::Float, text, line};
            t.float_value = std::strtod(text.c_str(), nullptr);
            tokens_.push_back(std::move(t));
            advance(end);
            return;
        }
        errno = 0;
        unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
        if (errno) error("integer literal too large", line);
        push_int(v, end, line);
    }

    void push_int(std::uint64_t v, size_t end, int line) {
        Token t{TokenType::Integer, src_.substr(pos_, end - pos_), line};
        t.int_value = v;
        tokens_.push_back(std::move(t));
        advance(end);
    }

    // Python's "unicode-escape" decoding, which Jinja2 applies to string literals.
    void lex_string(char quote) {
        int line = line_;
        std::string value;
        size_t p = pos_ + 1;
        while (true) {
            if (p >= src_.size()) error("unterminated string literal", line);
            char c = src_[p];
            if (c == quote) break;
            if (c != '\\') {
                value += c;
                ++p;
                continue;
            }
            if (p + 1 >= src_.size()) error("unterminated string literal", line);
            char e = src_[p + 1];
            p += 2;
            switch (e) {
                case '\n': break;  // line continuation
                case '\\': value += '\\'; break;
                case '\'': value += '\''; break;
                case '"': value += '"'; break;
                case 'a': value += '\a'; break;
                case 'b': value += '\b'; break;
                case 'f': value += '\f'; break;
                case 'n': value += '\n'; break;
                case 'r': value += '\r'; break;
                case 't': value += '\t'; break;
                case 'v': value += '\v'; break;
                case 'x': case 'u': case 'U': {
                    size_t len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                    char32_t cp = 0;
                    for (size_t k = 0; k < len; ++k) {
                        char h = p + k < src_.size() ? src_[p + k] : '\0';
                        int d = is_digit(h) ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                                : (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
                        if (d < 0) error(std::string("truncated \\") + e + " escape in string literal", line);
                        cp = cp * 16 + static_cast<char32_t>(d);
                    }
                    if (cp > 0x10FFFF) error("illegal Unicode character in string literal", line);
                    unicode::append(value, cp);
                    p += len;
                    break;
                }
                case 'N': error("\\N{...} escapes in string literals are not supported", line);
                default:
                    if (e >= '0' && e <= '7') {
                        char32_t cp = static_cast<char32_t>(e - '0');
                        for (int k = 0; k < 2 && p < src_.size() && src_[p] >= '0' && src_[p] <= '7'; ++k)
                            cp = cp * 8 + static_cast<char32_t>(src_[p++] - '0');
                        unicode::append(value, cp);
                    } else {  // unknown escapes keep their backslash, as in Python
                        value += '\\';
                        value += e;
                    }
            }
        }
        tokens_.push_back(Token{TokenType::String, std::move(value), line});
        advance(p + 1);
    }

    void lex_operator(std::string& balance) {
        static constexpr std::string_view two[] = {"//", "**", "==", "!=", ">=", "<="};
        for (std::string_view op : two) {
            if (at(pos_, op)) {
                tokens_.push_back(Token{TokenType::Operator, std::string(op), line_});
                advance(pos_ + 2);
                return;
            }
        }
        char c = src_[pos_];
        if (std::string_view("+-/*%~[](){}><=.:|,;").find(c) == std::string_view::npos) {
            size_t q = pos_;
            std::string shown;
            unicode::append(shown, unicode::next(src_, q));
            error("unexpected character '" + shown + "' in tag", line_);
        }
        if (c == '(') balance.push_back(')');
        else if (c == '[') balance.push_back(']');
        else if (c == '{') balance.push_back('}');
        else if (c == ')' || c == ']' || c == '}') {
            if (balance.empty()) error(std::string("unexpected '") + c + "'", line_);
            if (balance.back() != c)
                error(std::string("unexpected '") + c + "', expected '" + balance.back() + "'", line_);
            balance.pop_back();
        }
        tokens_.push_back(Token{TokenType::Operator, std::string(1, c), line_});
        advance(pos_ + 1);
    }
};

}  // namespace

std::vector<Token> tokenize(std::string_view source, const std::string& origin) {
    return Lexer(normalize_newlines(source), origin).run();
}

}  // namespace peng::jinja
