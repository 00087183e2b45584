#include "text/jinja_parser.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "text/jinja_error.h"

namespace peng::jinja {

namespace {

// Statements Jinja2 has that this interpreter does not; naming them gives a
// clearer error than "unknown tag".
constexpr std::string_view kUnsupportedStatements[] = {
    "include", "extends", "block", "import", "from", "call", "with", "autoescape",
    "do", "trans", "pluralize", "macro_call", "print",
};

// Limits that keep a hostile template (it comes inside a downloaded model
// folder) from exhausting the stack. Real chat templates stay far below both:
// the MiMo-V2.6 and V2.5 templates reach a depth of 10 and 11 and expressions
// 7 nodes high.
// Recursion of this parser: nested blocks, brackets, unary operators and
// conditional expressions.
constexpr int kMaxDepth = 200;
// Height of one expression tree: operator, call, subscript, attribute, filter
// and test chains are parsed by loops but build trees that evaluating and
// destroying walk recursively.
constexpr int kMaxExprHeight = 256;

// The height of the tallest direct sub-expression of `e` (0 for a leaf).
int tallest_child(const Expr& e) {
    int tallest = 0;
    auto see = [&](const ExprPtr& child) {
        if (child) tallest = std::max(tallest, child->height);
    };
    auto see_args = [&](const std::vector<Arg>& args) {
        for (const Arg& a : args) see(a.value);
    };
    using K = Expr::Kind;
    switch (e.kind) {
        case K::Literal:
        case K::Name: break;
        case K::List:
            for (const auto& item : static_cast<const ListExpr&>(e).items) see(item);
            break;
        case K::Dict:
            for (const auto& [k, v] : static_cast<const DictExpr&>(e).items) {
                see(k);
                see(v);
            }
            break;
        case K::GetAttr: see(static_cast<const GetAttrExpr&>(e).object); break;
        case K::GetItem:
            see(static_cast<const GetItemExpr&>(e).object);
            see(static_cast<const GetItemExpr&>(e).key);
            break;
        case K::Slice: {
            const auto& x = static_cast<const SliceExpr&>(e);
            for (const ExprPtr* part : {&x.object, &x.start, &x.stop, &x.step}) see(*part);
            break;
        }
        case K::Call:
            see(static_cast<const CallExpr&>(e).callee);
            see_args(static_cast<const CallExpr&>(e).args);
            break;
        case K::Filter:
            see(static_cast<const FilterExpr&>(e).operand);
            see_args(static_cast<const FilterExpr&>(e).args);
            break;
        case K::Test:
            see(static_cast<const TestExpr&>(e).operand);
            see_args(static_cast<const TestExpr&>(e).args);
            break;
        case K::Unary: see(static_cast<const UnaryExpr&>(e).operand); break;
        case K::Binary:
            see(static_cast<const BinaryExpr&>(e).left);
            see(static_cast<const BinaryExpr&>(e).right);
            break;
        case K::Concat:
            for (const auto& part : static_cast<const ConcatExpr&>(e).parts) see(part);
            break;
        case K::Compare:
            see(static_cast<const CompareExpr&>(e).first);
            for (const auto& [op, operand] : static_cast<const CompareExpr&>(e).rest) see(operand);
            break;
        case K::And:
        case K::Or:
            see(static_cast<const LogicalExpr&>(e).left);
            see(static_cast<const LogicalExpr&>(e).right);
            break;
        case K::Cond: {
            const auto& x = static_cast<const CondExpr&>(e);
            for (const ExprPtr* part : {&x.test, &x.then, &x.otherwise}) see(*part);
            break;
        }
    }
    return tallest;
}

class Parser {
public:
    Parser(const std::vector<Token>& tokens, const std::string& origin) : t_(tokens), origin_(origin) {}

    Program parse_program() {
        Program program;
        program.body = parse_body({});
        return program;
    }

private:
    const std::vector<Token>& t_;
    const std::string& origin_;
    size_t i_ = 0;
    int depth_ = 0;
    int loop_depth_ = 0;
    std::vector<MacroStmt*> macros_;  // macros being parsed, innermost last

    struct DepthGuard {
        Parser& p;
        explicit DepthGuard(Parser& parser) : p(parser) {
            if (++p.depth_ > kMaxDepth)
                p.error("template nested too deeply (more than " + std::to_string(kMaxDepth) +
                        " levels of blocks, brackets, 'not', '-' and inline 'if')");
        }
        ~DepthGuard() { --p.depth_; }
    };

    // ---- token helpers -------------------------------------------------------

    const Token& cur() const { return t_[i_]; }
    const Token& peek(size_t n = 1) const { return t_[std::min(i_ + n, t_.size() - 1)]; }
    int line() const { return cur().line; }
    void next() {
        if (cur().type != TokenType::End) ++i_;
    }

    [[noreturn]] void error(const std::string& message) const { throw located_error(origin_, line(), message); }
    [[noreturn]] void error_at(int line, const std::string& message) const {
        throw located_error(origin_, line, message);
    }

    // Records a finished node's height and refuses one taller than kMaxExprHeight.
    // Every node with sub-expressions passes through here once complete.
    template <class T>
    std::unique_ptr<T> sized(std::unique_ptr<T> node) {
        node->height = tallest_child(*node) + 1;
        if (node->height > kMaxExprHeight)
            error_at(node->line, "expression nested too deeply (more than " + std::to_string(kMaxExprHeight) +
                                     " levels; each operator, call, subscript, attribute, filter, test "
                                     "and inline 'if' in a chain is one)");
        return node;
    }

    static std::string describe(const Token& t) {
        switch (t.type) {
            case TokenType::Text: return "template text";
            case TokenType::BlockBegin: return "'{%'";
            case TokenType::BlockEnd: return "end of statement block";
            case TokenType::VarBegin: return "'{{'";
            case TokenType::VarEnd: return "end of print statement";
            case TokenType::String: return "string";
            case TokenType::Integer:
            case TokenType::Float: return "number " + t.text;
            case TokenType::End: return "end of template";
            default: return "'" + t.text + "'";
        }
    }

    bool is_op(std::string_view op) const { return cur().type == TokenType::Operator && cur().text == op; }
    bool is_name(std::string_view name) const { return cur().type == TokenType::Name && cur().text == name; }
    bool skip_op(std::string_view op) {
        if (!is_op(op)) return false;
        next();
        return true;
    }
    bool skip_name(std::string_view name) {
        if (!is_name(name)) return false;
        next();
        return true;
    }
    void expect_op(std::string_view op) {
        if (!skip_op(op)) error("expected '" + std::string(op) + "', got " + describe(cur()));
    }
    void expect_name(std::string_view name) {
        if (!skip_name(name)) error("expected '" + std::string(name) + "', got " + describe(cur()));
    }
    std::string expect_identifier(const char* what) {
        if (cur().type != TokenType::Name) error(std::string("expected ") + what + ", got " + describe(cur()));
        std::string name = cur().text;
        next();
        return name;
    }
    void expect_block_end() {
        if (cur().type != TokenType::BlockEnd) error("expected end of statement block, got " + describe(cur()));
        next();
    }

    // ---- statements ----------------------------------------------------------

    // Parses until one of `end_tags` opens a block ({% endfor %} ...); leaves the
    // parser on that tag's name. With no end tags, parses to the end.
    Body parse_body(std::initializer_list<std::string_view> end_tags) {
        DepthGuard guard(*this);
        Body body;
        while (true) {
            const Token& t = cur();
            switch (t.type) {
                case TokenType::End:
                    if (end_tags.size()) {
                        std::string wanted;
                        for (auto tag : end_tags) wanted += (wanted.empty() ? "'" : " or '") + std::string(tag) + "'";
                        error("unexpected end of template, looking for " + wanted);
                    }
                    return body;
                case TokenType::Text:
                    body.push_back(std::make_unique<TextStmt>(t.line, t.text));
                    next();
                    break;
                case TokenType::VarBegin: {
                    int l = t.line;
                    next();
                    ExprPtr e = parse_tuple(false, true, {});
                    if (cur().type != TokenType::VarEnd) error("expected end of print statement, got " + describe(cur()));
                    next();
                    body.push_back(std::make_unique<OutputStmt>(l, std::move(e)));
                    break;
                }
                case TokenType::BlockBegin: {
                    const Token& name = peek();
                    if (name.type == TokenType::Name) {
                        for (auto tag : end_tags) {
                            if (name.text == tag) {
                                next();
                                return body;
                            }
                        }
                    }
                    next();
                    parse_statement(body);
                    break;
                }
                default: error("unexpected " + describe(t));
            }
        }
    }

    // Consumes `{% name %}` after parse_body stopped on it.
    void close_tag(std::string_view name) {
        expect_name(name);
        expect_block_end();
    }

    void parse_statement(Body& body) {
        if (cur().type != TokenType::Name) error("expected a statement name, got " + describe(cur()));
        const std::string name = cur().text;
        int l = line();
        next();
        if (name == "if") return body.push_back(parse_if(l));
        if (name == "for") return body.push_back(parse_for(l));
        if (name == "set") return body.push_back(parse_set(l));
        if (name == "macro") return body.push_back(parse_macro(l));
        if (name == "filter") return body.push_back(parse_filter_block(l));
        if (name == "break" || name == "continue") {
            if (loop_depth_ == 0) error_at(l, "'" + name + "' outside of a loop");
            expect_block_end();
            body.push_back(std::make_unique<Stmt>(name == "break" ? Stmt::Kind::Break : Stmt::Kind::Continue, l));
            return;
        }
        if (name == "generation") {  // Hugging Face's assistant-mask marker: renders its body
            expect_block_end();
            Body inner = parse_body({"endgeneration"});
            close_tag("endgeneration");
            for (auto& s : inner) body.push_back(std::move(s));
            return;
        }
        if (name == "raw") error_at(l, "malformed {% raw %} tag");
        for (auto unsupported : kUnsupportedStatements)
            if (name == unsupported) error_at(l, "unsupported template statement '" + name + "'");
        if (name.rfind("end", 0) == 0 || name == "elif" || name == "else")
            error_at(l, "unexpected '" + name + "' with no open block it could close");
        error_at(l, "unknown template statement '" + name + "'");
    }

    StmtPtr parse_if(int l) {
        auto stmt = std::make_unique<IfStmt>(l);
        while (true) {
            ExprPtr test = parse_expression(true);
            expect_block_end();
            Body body = parse_body({"elif", "else", "endif"});
            stmt->branches.emplace_back(std::move(test), std::move(body));
            if (skip_name("elif")) continue;
            if (skip_name("else")) {
                expect_block_end();
                stmt->otherwise = parse_body({"endif"});
            }
            close_tag("endif");
            return stmt;
        }
    }

    StmtPtr parse_for(int l) {
        auto stmt = std::make_unique<ForStmt>(l);
        stmt->target = parse_assign_target(false, {"in"});
        expect_name("in");
        stmt->iterable = parse_tuple(false, false, {"recursive"});
        if (skip_name("if")) stmt->filter = parse_expression(true);
        if (is_name("recursive")) error("recursive loops are not supported");
        expect_block_end();
        ++loop_depth_;
        stmt->body = parse_body({"endfor", "else"});
        --loop_depth_;
        if (skip_name("else")) {
            expect_block_end();
            stmt->otherwise = parse_body({"endfor"});
        }
        close_tag("endfor");
        return stmt;
    }

    StmtPtr parse_set(int l) {
        Target target = parse_assign_target(true, {});
        if (skip_op("=")) {
            auto stmt = std::make_unique<SetStmt>(l);
            stmt->target = std::move(target);
            stmt->value = parse_tuple(false, true, {});
            expect_block_end();
            return stmt;
        }
        if (target.unpack || !target.attr.empty()) error("a {% set %} block assigns to one plain name");
        auto stmt = std::make_unique<SetBlockStmt>(l);
        stmt->target = std::move(target);
        if (is_op("|")) stmt->filters = parse_filter_chain();
        expect_block_end();
        stmt->body = parse_body({"endset"});
        close_tag("endset");
        return stmt;
    }

    StmtPtr parse_macro(int l) {
        auto stmt = std::make_unique<MacroStmt>(l);
        stmt->name = expect_identifier("a macro name");
        expect_op("(");
        while (!is_op(")")) {
            if (!stmt->params.empty()) expect_op(",");
            if (is_op(")")) break;
            std::string param = expect_identifier("a parameter name");
            for (const auto& [existing, d] : stmt->params)
                if (existing == param) error("duplicate parameter '" + param + "' in macro '" + stmt->name + "'");
            ExprPtr def;
            if (skip_op("=")) def = parse_expression(true);
            else if (!stmt->params.empty() && stmt->params.back().second)
                error("non-default parameter '" + param + "' follows a default one");
            stmt->params.emplace_back(std::move(param), std::move(def));
        }
        next();
        expect_block_end();
        macros_.push_back(stmt.get());
        int saved_loops = loop_depth_;
        loop_depth_ = 0;
        stmt->body = parse_body({"endmacro"});
        loop_depth_ = saved_loops;
        macros_.pop_back();
        close_tag("endmacro");
        return stmt;
    }

    StmtPtr parse_filter_block(int l) {
        auto stmt = std::make_unique<FilterBlockStmt>(l);
        stmt->filters = parse_filter_chain(true);
        expect_block_end();
        stmt->body = parse_body({"endfilter"});
        close_tag("endfilter");
        return stmt;
    }

    // `| f(args) | g` (or `f(args) | g` when `start_inline`), operands left null.
    FilterChain parse_filter_chain(bool start_inline = false) {
        FilterChain chain;
        while (start_inline || is_op("|")) {
            if (!start_inline) next();
            start_inline = false;
            int l = line();
            auto f = std::make_unique<FilterExpr>(l, nullptr, parse_dotted_name("a filter name"));
            if (is_op("(")) f->args = parse_call_args();
            chain.filters.push_back(sized(std::move(f)));
        }
        return chain;
    }

    std::string parse_dotted_name(const char* what) {
        std::string name = expect_identifier(what);
        while (is_op(".") && peek().type == TokenType::Name) {
            next();
            name += "." + cur().text;
            next();
        }
        return name;
    }

    // Assignment targets: a name, names to unpack ("a, b" or "(a, b)"), or, for
    // set only, "ns.attr".
    Target parse_assign_target(bool allow_namespace, std::initializer_list<std::string_view> extra_end) {
        Target target;
        if (allow_namespace && cur().type == TokenType::Name && peek().type == TokenType::Operator &&
            peek().text == ".") {
            target.names.push_back(cur().text);
            next();
            next();
            target.attr = expect_identifier("an attribute name");
            return target;
        }
        bool parenthesized = skip_op("(");
        while (true) {
            if (cur().type != TokenType::Name) {
                if (is_op("(")) error("nested unpacking in assignment targets is not supported");
                error("expected a name to assign to, got " + describe(cur()));
            }
            target.names.push_back(cur().text);
            next();
            if (!skip_op(",")) break;
            target.unpack = true;
            bool at_end = parenthesized ? is_op(")") : (cur().type == TokenType::BlockEnd || is_op("="));
            for (auto rule : extra_end) at_end = at_end || is_name(rule);
            if (at_end) break;
        }
        if (parenthesized) {
            expect_op(")");
            target.unpack = target.unpack || target.names.size() > 1;
        }
        for (const auto& n : target.names)
            if (n == "true" || n == "false" || n == "none" || n == "True" || n == "False" || n == "None")
                error("cannot assign to '" + n + "'");
        return target;
    }

    // ---- expressions (Jinja2's precedence, lowest first) ----------------------

    // A comma-separated sequence becomes a tuple: {{ a, b }}, {% set x = 1, 2 %}.
    ExprPtr parse_tuple(bool explicit_parens, bool with_condexpr, std::initializer_list<std::string_view> extra_end) {
        int l = line();
        std::vector<ExprPtr> items;
        bool is_tuple = false;
        auto at_end = [&] {
            if (cur().type == TokenType::VarEnd || cur().type == TokenType::BlockEnd || is_op(")")) return true;
            for (auto rule : extra_end)
                if (is_name(rule)) return true;
            return false;
        };
        while (true) {
            if (!items.empty()) expect_op(",");
            if (at_end()) break;
            items.push_back(parse_expression(with_condexpr));
            if (is_op(",")) is_tuple = true;
            else break;
        }
        if (!is_tuple) {
            if (!items.empty()) return std::move(items.front());
            if (!explicit_parens) error("expected an expression, got " + describe(cur()));
        }
        auto tuple = std::make_unique<ListExpr>(l, true);
        tuple->items = std::move(items);
        return sized(std::move(tuple));
    }

    ExprPtr parse_expression(bool with_condexpr) {
        DepthGuard guard(*this);
        return with_condexpr ? parse_condexpr() : parse_or();
    }

    ExprPtr parse_condexpr() {
        ExprPtr expr = parse_or();
        while (is_name("if")) {
            int l = line();
            next();
            ExprPtr test = parse_or();
            ExprPtr otherwise;
            if (skip_name("else")) {
                DepthGuard guard(*this);  // `a if x else b if y else ...` recurses here
                otherwise = parse_condexpr();
            }
            expr = sized(std::make_unique<CondExpr>(l, std::move(test), std::move(expr), std::move(otherwise)));
        }
        return expr;
    }

    ExprPtr parse_or() {
        ExprPtr left = parse_and();
        while (is_name("or")) {
            int l = line();
            next();
            left = sized(std::make_unique<LogicalExpr>(Expr::Kind::Or, l, std::move(left), parse_and()));
        }
        return left;
    }

    ExprPtr parse_and() {
        ExprPtr left = parse_not();
        while (is_name("and")) {
            int l = line();
            next();
            left = sized(std::make_unique<LogicalExpr>(Expr::Kind::And, l, std::move(left), parse_not()));
        }
        return left;
    }

    ExprPtr parse_not() {
        if (is_name("not")) {
            DepthGuard guard(*this);
            int l = line();
            next();
            return sized(std::make_unique<UnaryExpr>(l, UnaryOp::Not, parse_not()));
        }
        return parse_compare();
    }

    ExprPtr parse_compare() {
        int l = line();
        ExprPtr first = parse_math1();
        std::unique_ptr<CompareExpr> cmp;
        while (true) {
            CompareOp op;
            if (is_op("==")) op = CompareOp::Eq;
            else if (is_op("!=")) op = CompareOp::Ne;
            else if (is_op("<")) op = CompareOp::Lt;
            else if (is_op("<=")) op = CompareOp::Le;
            else if (is_op(">")) op = CompareOp::Gt;
            else if (is_op(">=")) op = CompareOp::Ge;
            else if (is_name("in")) op = CompareOp::In;
            else if (is_name("not") && peek().type == TokenType::Name && peek().text == "in") {
                next();
                op = CompareOp::NotIn;
            } else break;
            next();
            if (!cmp) cmp = std::make_unique<CompareExpr>(l, std::move(first));
            cmp->rest.emplace_back(op, parse_math1());
        }
        if (cmp) return sized(std::move(cmp));
        return first;
    }

    ExprPtr parse_math1() {
        ExprPtr left = parse_concat();
        while (is_op("+") || is_op("-")) {
            int l = line();
            BinaryOp op = is_op("+") ? BinaryOp::Add : BinaryOp::Sub;
            next();
            left = sized(std::make_unique<BinaryExpr>(l, op, std::move(left), parse_concat()));
        }
        return left;
    }

    ExprPtr parse_concat() {
        int l = line();
        ExprPtr first = parse_math2();
        if (!is_op("~")) return first;
        auto concat = std::make_unique<ConcatExpr>(l);
        concat->parts.push_back(std::move(first));
        while (skip_op("~")) concat->parts.push_back(parse_math2());
        return sized(std::move(concat));
    }

    ExprPtr parse_math2() {
        ExprPtr left = parse_pow();
        while (is_op("*") || is_op("/") || is_op("//") || is_op("%")) {
            int l = line();
            BinaryOp op = is_op("*") ? BinaryOp::Mul : is_op("/") ? BinaryOp::Div
                          : is_op("//") ? BinaryOp::FloorDiv : BinaryOp::Mod;
            next();
            left = sized(std::make_unique<BinaryExpr>(l, op, std::move(left), parse_pow()));
        }
        return left;
    }

    ExprPtr parse_pow() {  // left-associative in Jinja2, unlike Python
        ExprPtr left = parse_unary(true);
        while (is_op("**")) {
            int l = line();
            next();
            left = sized(std::make_unique<BinaryExpr>(l, BinaryOp::Pow, std::move(left), parse_unary(true)));
        }
        return left;
    }

    ExprPtr parse_unary(bool with_filter) {
        DepthGuard guard(*this);
        int l = line();
        ExprPtr node;
        if (is_op("-") || is_op("+")) {
            UnaryOp op = is_op("-") ? UnaryOp::Neg : UnaryOp::Pos;
            next();
            node = sized(std::make_unique<UnaryExpr>(l, op, parse_unary(false)));
        } else {
            node = parse_primary();
        }
        node = parse_postfix(std::move(node));
        if (with_filter) node = parse_filter_expr(std::move(node));
        return node;
    }

    ExprPtr parse_primary() {
        const Token& t = cur();
        int l = t.line;
        switch (t.type) {
            case TokenType::Name: {
                std::string name = t.text;
                next();
                if (name == "true" || name == "True") return std::make_unique<LiteralExpr>(l, Value::boolean(true));
                if (name == "false" || name == "False") return std::make_unique<LiteralExpr>(l, Value::boolean(false));
                if (name == "none" || name == "None") return std::make_unique<LiteralExpr>(l, Value::none());
                if ((name == "varargs" || name == "kwargs") && !macros_.empty())
                    (name == "varargs" ? macros_.back()->uses_varargs : macros_.back()->uses_kwargs) = true;
                return std::make_unique<NameExpr>(l, std::move(name));
            }
            case TokenType::String: {
                std::string s = t.text;
                next();
                while (cur().type == TokenType::String) {  // adjacent literals concatenate
                    s += cur().text;
                    next();
                }
                return std::make_unique<LiteralExpr>(l, Value::string(std::move(s)));
            }
            case TokenType::Integer: {
                auto v = Value::big_unsigned(t.int_value);
                next();
                return std::make_unique<LiteralExpr>(l, v);
            }
            case TokenType::Float: {
                auto v = Value::floating(t.float_value);
                next();
                return std::make_unique<LiteralExpr>(l, v);
            }
            case TokenType::Operator:
                if (t.text == "(") {
                    next();
                    ExprPtr e = parse_tuple(true, true, {});
                    expect_op(")");
                    return e;
                }
                if (t.text == "[") return parse_list();
                if (t.text == "{") return parse_dict();
                break;
            default: break;
        }
        error("unexpected " + describe(t));
    }

    ExprPtr parse_list() {
        auto list = std::make_unique<ListExpr>(line(), false);
        expect_op("[");
        while (!is_op("]")) {
            if (!list->items.empty()) expect_op(",");
            if (is_op("]")) break;
            list->items.push_back(parse_expression(true));
        }
        next();
        return sized(std::move(list));
    }

    ExprPtr parse_dict() {
        auto dict = std::make_unique<DictExpr>(line());
        expect_op("{");
        while (!is_op("}")) {
            if (!dict->items.empty()) expect_op(",");
            if (is_op("}")) break;
            ExprPtr key = parse_expression(true);
            expect_op(":");
            dict->items.emplace_back(std::move(key), parse_expression(true));
        }
        next();
        return sized(std::move(dict));
    }

    ExprPtr parse_postfix(ExprPtr node) {
        while (true) {
            if (is_op(".") || is_op("[")) node = parse_subscript(std::move(node));
            else if (is_op("(")) node = parse_call(std::move(node));
            else return node;
        }
    }

    ExprPtr parse_filter_expr(ExprPtr node) {
        while (true) {
            if (is_op("|")) node = parse_filters(std::move(node));
            else if (is_name("is")) node = parse_test(std::move(node));
            else if (is_op("(")) node = parse_call(std::move(node));
            else return node;
        }
    }

    ExprPtr parse_subscript(ExprPtr node) {
        int l = line();
        if (skip_op(".")) {
            if (cur().type == TokenType::Name) {
                std::string attr = cur().text;
                next();
                return sized(std::make_unique<GetAttrExpr>(l, std::move(node), std::move(attr)));
            }
            if (cur().type == TokenType::Integer) {
                auto key = std::make_unique<LiteralExpr>(l, Value::big_unsigned(cur().int_value));
                next();
                return sized(std::make_unique<GetItemExpr>(l, std::move(node), std::move(key)));
            }
            error("expected an attribute name after '.', got " + describe(cur()));
        }
        expect_op("[");
        // One subscript, possibly a slice; several make a tuple key.
        std::vector<ExprPtr> keys;
        std::unique_ptr<SliceExpr> slice;
        while (!is_op("]")) {
            if (!keys.empty() || slice) expect_op(",");
            if (slice) error("a slice cannot be part of a tuple subscript");
            ExprPtr start;
            if (!is_op(":")) start = parse_expression(true);
            if (is_op(":")) {
                if (!keys.empty()) error("a slice cannot be part of a tuple subscript");
                next();
                slice = std::make_unique<SliceExpr>(l, nullptr);
                slice->start = std::move(start);
                if (!is_op("]") && !is_op(",") && !is_op(":")) slice->stop = parse_expression(true);
                if (skip_op(":") && !is_op("]") && !is_op(",")) slice->step = parse_expression(true);
                continue;
            }
            keys.push_back(std::move(start));
        }
        next();
        if (slice) {
            slice->object = std::move(node);
            return sized(std::move(slice));
        }
        if (keys.empty()) error_at(l, "expected a subscript inside '[]'");
        if (keys.size() == 1) return sized(std::make_unique<GetItemExpr>(l, std::move(node), std::move(keys.front())));
        auto tuple = std::make_unique<ListExpr>(l, true);
        tuple->items = std::move(keys);
        return sized(std::make_unique<GetItemExpr>(l, std::move(node), sized(std::move(tuple))));
    }

    std::vector<Arg> parse_call_args() {
        expect_op("(");
        std::vector<Arg> args;
        bool keyword_seen = false;
        while (!is_op(")")) {
            if (!args.empty()) expect_op(",");
            if (is_op(")")) break;
            if (is_op("*") || is_op("**")) error("'*' and '**' argument unpacking is not supported");
            Arg arg;
            if (cur().type == TokenType::Name && peek().type == TokenType::Operator && peek().text == "=") {
                arg.name = cur().text;
                next();
                next();
                for (const Arg& a : args)
                    if (a.name == arg.name) error("keyword argument '" + arg.name + "' repeated");
                keyword_seen = true;
            } else if (keyword_seen) {
                error("positional argument follows keyword argument");
            }
            arg.value = parse_expression(true);
            args.push_back(std::move(arg));
        }
        next();
        return args;
    }

    ExprPtr parse_call(ExprPtr callee) {
        auto call = std::make_unique<CallExpr>(line(), std::move(callee));
        call->args = parse_call_args();
        return sized(std::move(call));
    }

    ExprPtr parse_filters(ExprPtr node) {
        while (skip_op("|")) {
            int l = line();
            auto f = std::make_unique<FilterExpr>(l, std::move(node), parse_dotted_name("a filter name"));
            if (is_op("(")) f->args = parse_call_args();
            node = sized(std::move(f));
        }
        return node;
    }

    ExprPtr parse_test(ExprPtr node) {
        int l = line();
        next();  // is
        bool negated = skip_name("not");
        auto test = std::make_unique<TestExpr>(l, std::move(node), parse_dotted_name("a test name"));
        test->negated = negated;
        const Token& t = cur();
        if (is_op("(")) {
            test->args = parse_call_args();
        } else if ((t.type == TokenType::Name || t.type == TokenType::String || t.type == TokenType::Integer ||
                    t.type == TokenType::Float || is_op("[") || is_op("{")) &&
                   !is_name("else") && !is_name("or") && !is_name("and")) {
            // One argument without parentheses: `x is divisibleby 3`, `x is sameas none`.
            if (is_name("is")) error("tests cannot be chained with 'is'");
            Arg arg;
            arg.value = parse_postfix(parse_primary());
            test->args.push_back(std::move(arg));
        }
        return sized(std::move(test));
    }
};

}  // namespace

Program parse(const std::vector<Token>& tokens, const std::string& origin) {
    return Parser(tokens, origin).parse_program();
}

}  // namespace peng::jinja
