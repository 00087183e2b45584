#pragma once
// Splits a Jinja template into tokens the way Jinja2's lexer does with the
// settings Hugging Face renders chat templates under: trim_blocks and
// lstrip_blocks on, keep_trailing_newline off, "\r\n" and "\r" read as "\n".
// Whitespace control ({%- -%} {{- -}} {#- -#}, and "+" to opt out of
// lstrip/trim) is applied here, so the parser only sees the text that prints.
// Comments are dropped; {% raw %} blocks come out as plain text.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace peng::jinja {

enum class TokenType {
    Text,        // template text outside tags
    BlockBegin,  // {%
    BlockEnd,    // %}
    VarBegin,    // {{
    VarEnd,      // }}
    Name,
    String,      // value with escapes already decoded
    Integer,
    Float,
    Operator,    // + - * / // % ** ~ == != < <= > >= = . , : | ( ) [ ] { }
    End,
};

struct Token {
    TokenType type;
    std::string text;
    int line;
    std::uint64_t int_value = 0;  // integers beyond int64 become Python-style big ints
    double float_value = 0.0;
};

// Throws peng::Error naming `origin` and the line for malformed input.
std::vector<Token> tokenize(std::string_view source, const std::string& origin);

}  // namespace peng::jinja
