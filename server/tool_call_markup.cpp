#include "server/tool_call_markup.h"

namespace peng::server {

namespace {

// A cursor over the body that consumes the grammar's pieces.
class Reader {
public:
    explicit Reader(std::string_view text) : rest_(text) {}

    void skip_whitespace() {
        while (!rest_.empty() && (rest_[0] == ' ' || rest_[0] == '\n' || rest_[0] == '\r' || rest_[0] == '\t'))
            rest_.remove_prefix(1);
    }
    bool take(std::string_view literal) {
        if (rest_.substr(0, literal.size()) != literal) return false;
        rest_.remove_prefix(literal.size());
        return true;
    }
    // A NAME or ARG up to its closing '>', which is consumed.
    std::optional<std::string> take_name() {
        size_t end = rest_.find('>');
        if (end == 0 || end == std::string_view::npos) return std::nullopt;
        std::string_view name = rest_.substr(0, end);
        if (name.find_first_of("<\r\n") != std::string_view::npos) return std::nullopt;
        rest_.remove_prefix(end + 1);
        return std::string(name);
    }
    // Everything up to `terminator`, which is consumed.
    std::optional<std::string> take_until(std::string_view terminator) {
        size_t end = rest_.find(terminator);
        if (end == std::string_view::npos) return std::nullopt;
        std::string value(rest_.substr(0, end));
        rest_.remove_prefix(end + terminator.size());
        return value;
    }
    bool at_end() const { return rest_.empty(); }

private:
    std::string_view rest_;
};

}  // namespace

std::optional<ToolCallMarkup> parse_tool_call_markup(std::string_view body) {
    Reader in(body);
    ToolCallMarkup call;
    in.skip_whitespace();
    if (!in.take("<function=")) return std::nullopt;
    std::optional<std::string> name = in.take_name();
    if (!name) return std::nullopt;
    call.name = std::move(*name);
    for (;;) {
        in.skip_whitespace();
        if (in.take("</function>")) break;
        if (!in.take("<parameter=")) return std::nullopt;
        std::optional<std::string> arg = in.take_name();
        if (!arg) return std::nullopt;
        std::optional<std::string> value = in.take_until("</parameter>");
        if (!value) return std::nullopt;
        call.parameters.emplace_back(std::move(*arg), std::move(*value));
    }
    in.skip_whitespace();
    if (!in.at_end()) return std::nullopt;
    return call;
}

}  // namespace peng::server
