#pragma once
// The parsed form of a Jinja template. Every node keeps its source line so that
// errors at render time can say where they happened.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "text/jinja_value.h"

namespace peng::jinja {

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

struct Arg {
    std::string name;  // empty for a positional argument
    ExprPtr value;
};

struct Expr {
    enum class Kind {
        Literal, Name, List, Dict, GetAttr, GetItem, Slice, Call, Filter, Test,
        Unary, Binary, Concat, Compare, And, Or, Cond,
    };
    Expr(Kind k, int l) : kind(k), line(l) {}
    virtual ~Expr() = default;
    Kind kind;
    int line;
    // Nodes on the longest path from here to a leaf. The parser bounds it, so
    // evaluating and destroying a tree (both recursive) cannot exhaust the stack.
    int height = 1;
};

struct LiteralExpr : Expr {
    LiteralExpr(int l, Value v) : Expr(Kind::Literal, l), value(std::move(v)) {}
    Value value;
};

struct NameExpr : Expr {
    NameExpr(int l, std::string n) : Expr(Kind::Name, l), name(std::move(n)) {}
    std::string name;
};

struct ListExpr : Expr {  // [a, b] or (a, b)
    ListExpr(int l, bool t) : Expr(Kind::List, l), tuple(t) {}
    std::vector<ExprPtr> items;
    bool tuple;
};

struct DictExpr : Expr {
    explicit DictExpr(int l) : Expr(Kind::Dict, l) {}
    std::vector<std::pair<ExprPtr, ExprPtr>> items;
};

struct GetAttrExpr : Expr {  // a.b: attribute first, then item (Jinja's getattr)
    GetAttrExpr(int l, ExprPtr o, std::string a) : Expr(Kind::GetAttr, l), object(std::move(o)), attr(std::move(a)) {}
    ExprPtr object;
    std::string attr;
};

struct GetItemExpr : Expr {  // a[b] and a.0
    GetItemExpr(int l, ExprPtr o, ExprPtr k) : Expr(Kind::GetItem, l), object(std::move(o)), key(std::move(k)) {}
    ExprPtr object;
    ExprPtr key;
};

struct SliceExpr : Expr {  // a[start:stop:step], any part may be null
    SliceExpr(int l, ExprPtr o) : Expr(Kind::Slice, l), object(std::move(o)) {}
    ExprPtr object, start, stop, step;
};

struct CallExpr : Expr {
    CallExpr(int l, ExprPtr c) : Expr(Kind::Call, l), callee(std::move(c)) {}
    ExprPtr callee;
    std::vector<Arg> args;
};

struct FilterExpr : Expr {  // operand | name(args); operand is null inside {% filter %}
    FilterExpr(int l, ExprPtr o, std::string n) : Expr(Kind::Filter, l), operand(std::move(o)), name(std::move(n)) {}
    ExprPtr operand;
    std::string name;
    std::vector<Arg> args;
};

struct TestExpr : Expr {  // operand is [not] name(args)
    TestExpr(int l, ExprPtr o, std::string n) : Expr(Kind::Test, l), operand(std::move(o)), name(std::move(n)) {}
    ExprPtr operand;
    std::string name;
    std::vector<Arg> args;
    bool negated = false;
};

enum class UnaryOp { Neg, Pos, Not };
struct UnaryExpr : Expr {
    UnaryExpr(int l, UnaryOp o, ExprPtr e) : Expr(Kind::Unary, l), op(o), operand(std::move(e)) {}
    UnaryOp op;
    ExprPtr operand;
};

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow };
struct BinaryExpr : Expr {
    BinaryExpr(int l, BinaryOp o, ExprPtr a, ExprPtr b)
        : Expr(Kind::Binary, l), op(o), left(std::move(a)), right(std::move(b)) {}
    BinaryOp op;
    ExprPtr left, right;
};

struct ConcatExpr : Expr {  // a ~ b ~ c
    explicit ConcatExpr(int l) : Expr(Kind::Concat, l) {}
    std::vector<ExprPtr> parts;
};

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge, In, NotIn };
struct CompareExpr : Expr {  // chained like Python: a < b < c
    CompareExpr(int l, ExprPtr f) : Expr(Kind::Compare, l), first(std::move(f)) {}
    ExprPtr first;
    std::vector<std::pair<CompareOp, ExprPtr>> rest;
};

struct LogicalExpr : Expr {  // `and` / `or`, returning an operand as Python does
    LogicalExpr(Kind k, int l, ExprPtr a, ExprPtr b) : Expr(k, l), left(std::move(a)), right(std::move(b)) {}
    ExprPtr left, right;
};

struct CondExpr : Expr {  // then if test else otherwise; no else gives Undefined
    CondExpr(int l, ExprPtr t, ExprPtr yes, ExprPtr no)
        : Expr(Kind::Cond, l), test(std::move(t)), then(std::move(yes)), otherwise(std::move(no)) {}
    ExprPtr test, then, otherwise;
};

// What a set or for statement assigns to: a name, names to unpack, or ns.attr.
struct Target {
    std::vector<std::string> names;
    bool unpack = false;
    std::string attr;  // set: names[0] is a namespace and this its attribute
};

struct Stmt {
    enum class Kind { Text, Output, If, For, Set, SetBlock, Macro, FilterBlock, Break, Continue };
    Stmt(Kind k, int l) : kind(k), line(l) {}
    virtual ~Stmt() = default;
    Kind kind;
    int line;
};

struct TextStmt : Stmt {
    TextStmt(int l, std::string t) : Stmt(Kind::Text, l), text(std::move(t)) {}
    std::string text;
};

struct OutputStmt : Stmt {
    OutputStmt(int l, ExprPtr e) : Stmt(Kind::Output, l), expr(std::move(e)) {}
    ExprPtr expr;
};

struct IfStmt : Stmt {
    explicit IfStmt(int l) : Stmt(Kind::If, l) {}
    std::vector<std::pair<ExprPtr, Body>> branches;  // if, then each elif
    Body otherwise;
};

struct ForStmt : Stmt {
    explicit ForStmt(int l) : Stmt(Kind::For, l) {}
    Target target;
    ExprPtr iterable;
    ExprPtr filter;  // for x in xs if filter
    Body body;
    Body otherwise;  // runs when nothing was iterated
};

struct SetStmt : Stmt {
    explicit SetStmt(int l) : Stmt(Kind::Set, l) {}
    Target target;
    ExprPtr value;
};

struct FilterChain {
    std::vector<std::unique_ptr<FilterExpr>> filters;  // applied in order, operands null
};

struct SetBlockStmt : Stmt {  // {% set x %}...{% endset %}
    explicit SetBlockStmt(int l) : Stmt(Kind::SetBlock, l) {}
    Target target;
    FilterChain filters;
    Body body;
};

struct MacroStmt : Stmt {
    explicit MacroStmt(int l) : Stmt(Kind::Macro, l) {}
    std::string name;
    std::vector<std::pair<std::string, ExprPtr>> params;  // default may be null
    Body body;
    bool uses_varargs = false;
    bool uses_kwargs = false;
};

struct FilterBlockStmt : Stmt {  // {% filter upper %}...{% endfilter %}
    explicit FilterBlockStmt(int l) : Stmt(Kind::FilterBlock, l) {}
    FilterChain filters;
    Body body;
};

struct Program {
    Body body;
};

}  // namespace peng::jinja
