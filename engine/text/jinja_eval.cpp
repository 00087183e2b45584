#include "text/jinja_eval.h"

#include <memory>

#include "text/jinja_access.h"
#include "text/jinja_builtins.h"
#include "text/jinja_error.h"
#include "text/jinja_filters.h"
#include "text/jinja_methods.h"
#include "text/jinja_ops.h"
#include "text/jinja_predicates.h"

namespace peng::jinja {

namespace {

// Loop iterations plus macro and function calls in one render. A chat template
// needs a few per message, so a million serves conversations far beyond any
// context length; more means the template is stuck.
constexpr std::int64_t kStepBudget = 1'000'000;
// All the work of one render, in units of one statement or expression
// evaluated, 16 bytes of text or one list or dict item built (each unit costs
// well under a microsecond, so the budget ends a render within seconds).
// MiMo-V2.6's template spends about 40 units per message plus one per 6 bytes
// of content (it reads each content a few times): a 1 MiB conversation costs
// under 200,000, so this serves conversations far beyond any context length.
constexpr std::int64_t kWorkBudget = 20'000'000;
constexpr std::int64_t kBytesPerUnit = 16;
// Nesting of statements, expressions and macro calls being evaluated at once.
// The parser bounds blocks and single expressions (jinja_parser.cpp); this
// bounds macros calling macros.
constexpr int kMaxDepth = 600;

struct Frame {
    explicit Frame(Frame* p) : parent(p) {}
    Frame(const Frame&) = delete;
    Frame& operator=(const Frame&) = delete;
    ~Frame() {
        if (alive) *alive = false;
    }

    const Value* lookup(std::string_view name) const {
        for (const Frame* f = this; f; f = f->parent)
            for (const auto& [k, v] : f->vars)
                if (k == name) return &v;
        return nullptr;
    }

    void set(const std::string& name, Value value) {
        for (auto& [k, v] : vars) {
            if (k == name) {
                v = std::move(value);
                return;
            }
        }
        vars.emplace_back(name, std::move(value));
    }

    // Macros defined here hold this token, so calling one after the scope has
    // ended (it escaped through a namespace) is an error, not a dangling read.
    std::shared_ptr<bool> alive_token() {
        if (!alive) alive = std::make_shared<bool>(true);
        return alive;
    }

    Frame* parent;
    Dict vars;
    std::shared_ptr<bool> alive;
};

enum class Flow { Normal, Break, Continue };

class Interpreter {
public:
    explicit Interpreter(const std::string& origin) : origin_(origin) {}

    std::string run(const Program& program, const Dict& context) {
        Frame globals(nullptr);
        globals.vars = builtin_globals(arena_);
        for (const auto& [k, v] : context) globals.set(k, v);
        Frame top(&globals);
        std::string out;
        exec_body(program.body, top, out);
        return out;
    }

private:
    const std::string& origin_;
    Arena arena_;
    std::int64_t steps_ = 0;
    std::int64_t work_ = 0;
    int depth_ = 0;

    struct DepthGuard {
        int& depth;
        explicit DepthGuard(int& d) : depth(d) {
            if (++depth > kMaxDepth) {
                --depth;
                fail("template recursion too deep (more than " + std::to_string(kMaxDepth) + " levels)");
            }
        }
        ~DepthGuard() { --depth; }
    };

    void step() {
        if (++steps_ > kStepBudget)
            fail("template ran more than " + std::to_string(kStepBudget) +
                 " loop iterations and calls; it looks stuck");
    }

    void charge(std::int64_t units) {
        work_ += units;
        if (work_ > kWorkBudget)
            fail("template exceeded its work budget of " + std::to_string(kWorkBudget) +
                 " units (one per statement or expression evaluated, per " + std::to_string(kBytesPerUnit) +
                 " bytes of text and per list or dict item built); it looks stuck");
    }

    // What building `v` cost, for the nodes that build a new value rather than
    // share an existing one.
    static std::int64_t build_cost(const Expr& e, const Value& v) {
        using K = Expr::Kind;
        if (e.kind == K::Literal || e.kind == K::Name || e.kind == K::GetAttr || e.kind == K::GetItem) return 0;
        if (v.is_string()) return static_cast<std::int64_t>(v.as_string().size()) / kBytesPerUnit;
        if (v.is_list()) return static_cast<std::int64_t>(v.as_list().items.size());
        if (v.is_dict()) return static_cast<std::int64_t>(v.as_dict().items.size());
        return 0;
    }

    static void append(std::string& out, std::string_view text) {
        if (out.size() + text.size() > kMaxStringBytes)
            fail("template output too large (more than " + std::to_string(kMaxStringBytes >> 20) + " MiB)");
        out.append(text);
    }

    // ---- statements ----------------------------------------------------------

    Flow exec_body(const Body& body, Frame& frame, std::string& out) {
        for (const auto& stmt : body) {
            Flow flow = exec(*stmt, frame, out);
            if (flow != Flow::Normal) return flow;
        }
        return Flow::Normal;
    }

    Flow exec(const Stmt& s, Frame& frame, std::string& out) {
        try {
            DepthGuard guard(depth_);
            charge(1);
            switch (s.kind) {
                case Stmt::Kind::Text: append(out, static_cast<const TextStmt&>(s).text); return Flow::Normal;
                case Stmt::Kind::Output: {
                    Value v = eval(*static_cast<const OutputStmt&>(s).expr, frame);
                    append(out, v.is_string() ? v.as_string() : v.str());
                    return Flow::Normal;
                }
                case Stmt::Kind::If: return exec_if(static_cast<const IfStmt&>(s), frame, out);
                case Stmt::Kind::For: return exec_for(static_cast<const ForStmt&>(s), frame, out);
                case Stmt::Kind::Set: {
                    const auto& set = static_cast<const SetStmt&>(s);
                    assign(set.target, eval(*set.value, frame), frame);
                    return Flow::Normal;
                }
                case Stmt::Kind::SetBlock: return exec_set_block(static_cast<const SetBlockStmt&>(s), frame);
                case Stmt::Kind::Macro: define_macro(static_cast<const MacroStmt&>(s), frame); return Flow::Normal;
                case Stmt::Kind::FilterBlock:
                    return exec_filter_block(static_cast<const FilterBlockStmt&>(s), frame, out);
                case Stmt::Kind::Break: return Flow::Break;
                case Stmt::Kind::Continue: return Flow::Continue;
            }
            return Flow::Normal;
        } catch (const EvalError& e) {
            throw located_error(origin_, s.line, e.what());
        }
    }

    Flow exec_if(const IfStmt& s, Frame& frame, std::string& out) {
        for (const auto& [test, body] : s.branches)
            if (eval(*test, frame).truthy()) return exec_body(body, frame, out);
        return exec_body(s.otherwise, frame, out);
    }

    static Value loop_record(const std::vector<Value>& items, size_t i) {
        auto n = static_cast<std::int64_t>(items.size());
        auto k = static_cast<std::int64_t>(i);
        Dict loop;
        loop.reserve(11);
        loop.emplace_back("index", Value::integer(k + 1));
        loop.emplace_back("index0", Value::integer(k));
        loop.emplace_back("revindex", Value::integer(n - k));
        loop.emplace_back("revindex0", Value::integer(n - k - 1));
        loop.emplace_back("first", Value::boolean(k == 0));
        loop.emplace_back("last", Value::boolean(k == n - 1));
        loop.emplace_back("length", Value::integer(n));
        loop.emplace_back("previtem", k > 0 ? items[i - 1] : Value::undefined("there is no previous item"));
        loop.emplace_back("nextitem", k + 1 < n ? items[i + 1] : Value::undefined("there is no next item"));
        loop.emplace_back("depth", Value::integer(1));
        loop.emplace_back("depth0", Value::integer(0));
        return Value::dict(std::move(loop), true);
    }

    Flow exec_for(const ForStmt& s, Frame& frame, std::string& out) {
        std::vector<Value> items = iterate(eval(*s.iterable, frame));
        if (s.filter) {
            std::vector<Value> kept;
            for (Value& item : items) {
                step();
                Frame scope(&frame);
                bind(s.target, item, scope);
                if (eval(*s.filter, scope).truthy()) kept.push_back(std::move(item));
            }
            items = std::move(kept);
        }
        for (size_t i = 0; i < items.size(); ++i) {
            step();
            Frame scope(&frame);
            bind(s.target, items[i], scope);
            scope.set("loop", loop_record(items, i));
            if (exec_body(s.body, scope, out) == Flow::Break) break;
        }
        if (items.empty()) return exec_body(s.otherwise, frame, out);
        return Flow::Normal;
    }

    // Binds loop or set targets in `scope`: one name, or unpacks a sequence.
    void bind(const Target& target, const Value& value, Frame& scope) {
        if (!target.unpack) {
            scope.set(target.names.front(), value);
            return;
        }
        if (!value.is_list() && !value.is_string() && !(value.is_dict() && !value.as_dict().loop))
            fail("cannot unpack non-iterable " + value.type_name() + " object");
        std::vector<Value> parts = iterate(value);
        size_t want = target.names.size();
        if (parts.size() > want) fail("too many values to unpack (expected " + std::to_string(want) + ")");
        if (parts.size() < want)
            fail("not enough values to unpack (expected " + std::to_string(want) + ", got " +
                 std::to_string(parts.size()) + ")");
        for (size_t i = 0; i < want; ++i) scope.set(target.names[i], parts[i]);
    }

    void assign(const Target& target, Value value, Frame& frame) {
        if (target.attr.empty()) return bind(target, value, frame);
        const Value* object = frame.lookup(target.names.front());
        if (!object) fail("'" + target.names.front() + "' is undefined");
        if (!object->is(Value::Kind::Namespace)) fail("cannot assign attribute on non-namespace object");
        object->as_namespace()->set(target.attr, std::move(value));
    }

    Value apply_chain(const FilterChain& chain, Value value, Frame& frame) {
        for (const auto& f : chain.filters) {
            try {
                CallArgs args = eval_args(f->args, frame);
                auto r = apply_filter(f->name, value, args);
                if (!r) fail("unsupported filter '" + f->name + "'");
                value = std::move(*r);
            } catch (const EvalError& e) {
                throw located_error(origin_, f->line, e.what());
            }
        }
        return value;
    }

    Flow exec_set_block(const SetBlockStmt& s, Frame& frame) {
        std::string text;
        Flow flow;
        {
            Frame scope(&frame);
            flow = exec_body(s.body, scope, text);
        }
        assign(s.target, apply_chain(s.filters, Value::string(std::move(text)), frame), frame);
        return flow;
    }

    Flow exec_filter_block(const FilterBlockStmt& s, Frame& frame, std::string& out) {
        std::string text;
        Flow flow;
        {
            Frame scope(&frame);
            flow = exec_body(s.body, scope, text);
        }
        append(out, apply_chain(s.filters, Value::string(std::move(text)), frame).str());
        return flow;
    }

    void define_macro(const MacroStmt& m, Frame& frame) {
        Frame* scope = &frame;
        std::shared_ptr<bool> alive = frame.alive_token();
        arena_.functions.push_back(Function{m.name, [this, &m, scope, alive](CallArgs& args) {
                                                if (!*alive)
                                                    fail("macro '" + m.name +
                                                         "' called after the scope that defined it ended");
                                                return call_macro(m, *scope, args);
                                            }});
        frame.set(m.name, Value::function(&arena_.functions.back()));
    }

    Value call_macro(const MacroStmt& m, Frame& definition_scope, CallArgs& args) {
        const size_t nparams = m.params.size();
        if (args.positional.size() > nparams && !m.uses_varargs)
            fail("macro '" + m.name + "' takes not more than " + std::to_string(nparams) + " argument(s)");
        Frame scope(&definition_scope);
        std::vector<std::optional<Value>> bound(nparams);
        for (size_t i = 0; i < nparams && i < args.positional.size(); ++i) bound[i] = args.positional[i];
        Dict extra_keywords;
        for (auto& [key, value] : args.keyword) {
            size_t i = 0;
            while (i < nparams && m.params[i].first != key) ++i;
            if (i == nparams) {
                if (!m.uses_kwargs) fail("macro '" + m.name + "' takes no keyword argument '" + key + "'");
                extra_keywords.emplace_back(key, value);
            } else if (bound[i]) {
                fail("macro '" + m.name + "' got multiple values for argument '" + key + "'");
            } else {
                bound[i] = value;
            }
        }
        // Defaults are evaluated in the macro's scope, after the earlier parameters.
        for (size_t i = 0; i < nparams; ++i) {
            const auto& [name, default_expr] = m.params[i];
            if (bound[i]) scope.set(name, std::move(*bound[i]));
            else if (default_expr) scope.set(name, eval(*default_expr, scope));
            else scope.set(name, Value::undefined("'" + name + "' is undefined"));
        }
        if (m.uses_varargs) {
            std::vector<Value> rest;
            for (size_t i = nparams; i < args.positional.size(); ++i) rest.push_back(args.positional[i]);
            scope.set("varargs", Value::list(std::move(rest), true));
        }
        if (m.uses_kwargs) scope.set("kwargs", Value::dict(std::move(extra_keywords)));
        std::string out;
        exec_body(m.body, scope, out);
        return Value::string(std::move(out));
    }

    // ---- expressions ---------------------------------------------------------

    Value eval(const Expr& e, Frame& frame) {
        try {
            DepthGuard guard(depth_);
            charge(1);
            Value v = eval_node(e, frame);
            charge(build_cost(e, v));
            return v;
        } catch (const EvalError& err) {
            throw located_error(origin_, e.line, err.what());
        }
    }

    CallArgs eval_args(const std::vector<Arg>& args, Frame& frame) {
        CallArgs out;
        for (const Arg& a : args) {
            if (a.name.empty()) out.positional.push_back(eval(*a.value, frame));
            else out.keyword.emplace_back(a.name, eval(*a.value, frame));
        }
        return out;
    }

    Value eval_node(const Expr& e, Frame& frame) {
        using K = Expr::Kind;
        switch (e.kind) {
            case K::Literal: return static_cast<const LiteralExpr&>(e).value;
            case K::Name: {
                const auto& name = static_cast<const NameExpr&>(e).name;
                if (const Value* v = frame.lookup(name)) return *v;
                return Value::undefined("'" + name + "' is undefined");
            }
            case K::List: {
                const auto& l = static_cast<const ListExpr&>(e);
                std::vector<Value> items;
                items.reserve(l.items.size());
                for (const auto& item : l.items) items.push_back(eval(*item, frame));
                return Value::list(std::move(items), l.tuple);
            }
            case K::Dict: return eval_dict(static_cast<const DictExpr&>(e), frame);
            case K::GetAttr: {
                const auto& g = static_cast<const GetAttrExpr&>(e);
                return get_attribute(eval(*g.object, frame), g.attr);
            }
            case K::GetItem: {
                const auto& g = static_cast<const GetItemExpr&>(e);
                Value object = eval(*g.object, frame);
                return get_item(object, eval(*g.key, frame));
            }
            case K::Slice: {
                const auto& s = static_cast<const SliceExpr&>(e);
                Value object = eval(*s.object, frame);
                auto part = [&](const ExprPtr& p) { return p ? eval(*p, frame) : Value::none(); };
                Value start = part(s.start), stop = part(s.stop), step_v = part(s.step);
                return slice(object, start, stop, step_v);
            }
            case K::Call: return eval_call(static_cast<const CallExpr&>(e), frame);
            case K::Filter: {
                const auto& f = static_cast<const FilterExpr&>(e);
                Value operand = eval(*f.operand, frame);
                CallArgs args = eval_args(f.args, frame);
                auto r = apply_filter(f.name, operand, args);
                if (!r) fail("unsupported filter '" + f.name + "'");
                return std::move(*r);
            }
            case K::Test: {
                const auto& t = static_cast<const TestExpr&>(e);
                Value operand = eval(*t.operand, frame);
                CallArgs args = eval_args(t.args, frame);
                auto r = apply_test(t.name, operand, args);
                if (!r) fail("unsupported test '" + t.name + "'");
                return Value::boolean(*r != t.negated);
            }
            case K::Unary: {
                const auto& u = static_cast<const UnaryExpr&>(e);
                return unary_op(u.op, eval(*u.operand, frame));
            }
            case K::Binary: {
                const auto& b = static_cast<const BinaryExpr&>(e);
                Value left = eval(*b.left, frame);
                return binary_op(b.op, left, eval(*b.right, frame));
            }
            case K::Concat: {
                std::string out;
                for (const auto& part : static_cast<const ConcatExpr&>(e).parts) {
                    Value v = eval(*part, frame);
                    append(out, v.is_string() ? v.as_string() : v.str());
                }
                return Value::string(std::move(out));
            }
            case K::Compare: return eval_compare(static_cast<const CompareExpr&>(e), frame);
            case K::And:
            case K::Or: {
                const auto& l = static_cast<const LogicalExpr&>(e);
                Value left = eval(*l.left, frame);
                if (left.truthy() == (e.kind == K::Or)) return left;
                return eval(*l.right, frame);
            }
            case K::Cond: {
                const auto& c = static_cast<const CondExpr&>(e);
                if (eval(*c.test, frame).truthy()) return eval(*c.then, frame);
                if (c.otherwise) return eval(*c.otherwise, frame);
                return Value::undefined("the inline if-expression evaluated to false and has no else section");
            }
        }
        fail("unknown expression");
    }

    Value eval_dict(const DictExpr& d, Frame& frame) {
        Dict items;
        for (const auto& [key_expr, value_expr] : d.items) {
            Value key = eval(*key_expr, frame);
            if (!key.is_string()) fail("dict keys must be strings here, not " + key.type_name());
            Value value = eval(*value_expr, frame);
            bool replaced = false;
            for (auto& [k, v] : items) {
                if (k == key.as_string()) {
                    v = value;
                    replaced = true;
                }
            }
            if (!replaced) items.emplace_back(key.as_string(), std::move(value));
        }
        return Value::dict(std::move(items));
    }

    Value eval_compare(const CompareExpr& c, Frame& frame) {
        Value left = eval(*c.first, frame);
        for (const auto& [op, right_expr] : c.rest) {
            Value right = eval(*right_expr, frame);
            bool ok = false;
            switch (op) {
                case CompareOp::Eq: ok = equals(left, right); break;
                case CompareOp::Ne: ok = !equals(left, right); break;
                case CompareOp::Lt: ok = ordered(left, right, "<") < 0; break;
                case CompareOp::Le: ok = ordered(left, right, "<=") <= 0; break;
                case CompareOp::Gt: ok = ordered(left, right, ">") > 0; break;
                case CompareOp::Ge: ok = ordered(left, right, ">=") >= 0; break;
                case CompareOp::In: ok = contains(right, left); break;
                case CompareOp::NotIn: ok = !contains(right, left); break;
            }
            if (!ok) return Value::boolean(false);
            left = std::move(right);
        }
        return Value::boolean(true);
    }

    static int ordered(const Value& a, const Value& b, std::string_view op) {
        if (a.is_undefined()) undefined_error(a);
        if (b.is_undefined()) undefined_error(b);
        return compare(a, b, op);
    }

    Value eval_call(const CallExpr& c, Frame& frame) {
        // obj.name(...): a method of the value (str.strip, dict.get, loop.cycle)
        // wins over a member of the same name, as Python's getattr does.
        if (c.callee->kind == Expr::Kind::GetAttr) {
            const auto& g = static_cast<const GetAttrExpr&>(*c.callee);
            Value object = eval(*g.object, frame);
            if (object.is_undefined()) undefined_error(object);
            CallArgs args = eval_args(c.args, frame);
            if (auto r = call_method(object, g.attr, args)) return std::move(*r);
            Value fn = get_attribute(object, g.attr);
            if (fn.is_undefined())
                fail("'" + object.type_name() + "' object has no method '" + g.attr + "' (or it is not supported)");
            return call_value(fn, args);
        }
        Value fn = eval(*c.callee, frame);
        CallArgs args = eval_args(c.args, frame);
        return call_value(fn, args);
    }

    Value call_value(const Value& fn, CallArgs& args) {
        if (fn.is(Value::Kind::Function)) {
            step();
            return fn.as_function()->call(args);
        }
        if (fn.is_undefined()) undefined_error(fn);
        fail("'" + fn.type_name() + "' object is not callable");
    }
};

}  // namespace

std::string render_program(const Program& program, const Dict& context, const std::string& origin) {
    return Interpreter(origin).run(program, context);
}

}  // namespace peng::jinja
