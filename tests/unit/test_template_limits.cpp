// A chat template is untrusted input: it comes inside a downloaded model folder.
// Every render is bounded (parser depth, expression height, evaluation depth,
// work, output), so hostile templates end in a clear error naming the template
// and the limit, never a stack overflow, a hang or undefined arithmetic. The
// sizes below are the ones that crashed Peng before these limits (issue 19).
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

#include "text/chat_template.h"
#include "text/jinja_template.h"
#include "util/error.h"

using namespace peng;
using Json = nlohmann::ordered_json;

namespace {

std::string repeat(const std::string& part, int times) {
    std::string out;
    out.reserve(part.size() * static_cast<size_t>(times));
    for (int i = 0; i < times; ++i) out += part;
    return out;
}

// Parses and renders as the app and CLI do for a model folder's template.
std::string render(const std::string& source, const Json& context = Json::object()) {
    return jinja::Template(source, "chat_template.jinja").render(context);
}

std::string error_of(const std::string& source, const Json& context = Json::object()) {
    try {
        render(source, context);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The error names the template and says which limit it hit.
#define QVERIFY_LIMIT(source, limit)                                                                            \
    do {                                                                                                        \
        const std::string e = error_of(source);                                                                 \
        QVERIFY2(contains(e, "chat_template.jinja:") && contains(e, limit),                                     \
                 ("expected the template name and \"" + std::string(limit) + "\" in: " + e.substr(0, 300)).c_str()); \
    } while (0)

const Json kContext = {{"x", "a"}, {"messages", Json::array()}};

}  // namespace

class TestTemplateLimits : public QObject {
    Q_OBJECT
private slots:
    // Chains parsed by loops build tall trees; the parser refuses them before
    // evaluation or destruction could recurse that deep.
    void chains_are_refused_by_height_data() {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("limit");
        const int n = 300000;
        const QString height = "expression nested too deeply (more than 256 levels";
        const QString depth = "template nested too deeply (more than 200 levels";
        auto row = [](const char* name, const std::string& source, const QString& limit) {
            QTest::newRow(name) << QString::fromStdString(source) << limit;
        };
        row("100000 conditionals", "{{ 1" + repeat(" if true else 1", 100000) + " }}", depth);
        row("conditionals without else", "{{ 1" + repeat(" if true", 1000) + " }}", height);
        row("300000 calls", "{{ messages" + repeat("()", n) + " }}", height);
        row("300000 filters", "{{ x" + repeat("|upper", n) + " }}", height);
        row("300000 tests", "{{ x" + repeat(" is defined()", n) + " }}", height);
        row("+ chain", "{{ 1" + repeat(" + 1", n) + " }}", height);
        row("* chain", "{{ 1" + repeat(" * 1", n) + " }}", height);
        row("** chain", "{{ 1" + repeat(" ** 1", n) + " }}", height);
        row("[0] chain", "{{ x" + repeat("[0]", n) + " }}", height);
        row("slice chain", "{{ x" + repeat("[:]", n) + " }}", height);
        row(".x chain", "{{ x" + repeat(".x", n) + " }}", height);
        row("and chain", "{{ 1" + repeat(" and 1", n) + " }}", height);
        row("or chain", "{{ 1" + repeat(" or 1", n) + " }}", height);
        row("not chain", "{{ " + repeat("not ", n) + "1 }}", depth);
        row("unary minus chain", "{{ " + repeat("-", n) + "1 }}", depth);
        row("parentheses", "{{ " + repeat("(", n) + "1" + repeat(")", n) + " }}", depth);
        row("lists", "{{ " + repeat("[", n) + repeat("]", n) + " }}", depth);
        row("dicts", "{{ " + repeat("{'a': ", n) + "1" + repeat("}", n) + " }}", depth);
        row("call arguments", "{{ " + repeat("range(", n) + "1" + repeat(")", n) + " }}", depth);
        row("nested ifs", repeat("{% if true %}", 10000) + repeat("{% endif %}", 10000), depth);
        row("nested fors", repeat("{% for a in x %}", 10000) + repeat("{% endfor %}", 10000), depth);
        row("unclosed ifs", repeat("{% if true %}", 10000), depth);
        // Short chains inside brackets add up: 50 levels of 100 additions each.
        row("chains in brackets", "{{ " + repeat("(", 50) + "1" + repeat(repeat(" + 1", 100) + ")", 50) + " }}", height);
    }
    void chains_are_refused_by_height() {
        QFETCH(QString, source);
        QFETCH(QString, limit);
        QVERIFY_LIMIT(source.toStdString(), limit.toStdString());
    }

    // The limits are generous: chains and nesting real templates could use render.
    void chains_within_the_limits_render() {
        QCOMPARE(render("{{ x" + repeat("|upper", 250) + " }}", kContext), std::string("A"));
        QCOMPARE(render("{{ 0" + repeat(" + 1", 250) + " }}"), std::string("250"));
        QCOMPARE(render("{{ " + repeat("(", 90) + "7" + repeat(")", 90) + " }}"), std::string("7"));
        QCOMPARE(render(repeat("{% if true %}", 150) + "in" + repeat("{% endif %}", 150)), std::string("in"));
        QCOMPARE(render("{{ 0" + repeat(" if false else 0", 90) + " if false else 5 }}"), std::string("5"));
    }

    // range() counts and steps in exact arithmetic at the ends of int64 (Python's
    // results), and refuses what the sandbox would.
    void range_at_the_ends_of_int64() {
        QCOMPARE(render("{{ range(-9223372036854775807 - 1, 9223372036854775807, 4611686018427387904) | list }}"),
                 std::string("[-9223372036854775808, -4611686018427387904, 0, 4611686018427387904]"));
        QCOMPARE(render("{{ range(9223372036854775807, -9223372036854775807 - 1, -9223372036854775807 - 1) | list }}"),
                 std::string("[9223372036854775807, -1]"));
        QCOMPARE(render("{{ range(9223372036854775806, 9223372036854775807, 9223372036854775807) | list }}"),
                 std::string("[9223372036854775806]"));
        QCOMPARE(render("{{ range(-9223372036854775807 - 1, -9223372036854775807, -1) | length }}"), std::string("0"));
        QVERIFY_LIMIT("{{ range(-9223372036854775807 - 1, 9223372036854775807) | length }}",
                      "range too big: 18446744073709551615 items, the sandbox allows at most 100000");
        QVERIFY_LIMIT("{{ range(9223372036854775807, -9223372036854775807 - 1, -1) | length }}", "range too big");
    }

    // Integer arithmetic that would overflow int64 is an error, never a wrapped value.
    void arithmetic_overflow_is_an_error() {
        for (const char* source : {"{{ 9223372036854775807 + 1 }}", "{{ -9223372036854775807 - 2 }}",
                                   "{{ 4611686018427387904 * 2 }}", "{{ 2 ** 64 }}", "{{ -(-9223372036854775807 - 1) }}",
                                   "{{ (-9223372036854775807 - 1) // -1 }}"})
            QVERIFY_LIMIT(source, "integer overflow");
        QVERIFY_LIMIT("{{ 18446744073709551615 + 1 }}", "integer too large for arithmetic");
        QCOMPARE(render("{{ (-9223372036854775807 - 1) % -1 }}"), std::string("0"));
    }

    // Work: loops of cheap expressions and loops building large strings both
    // stop at the work budget, without running out the loop-step budget.
    void work_is_bounded() {
        QVERIFY_LIMIT("{% for i in range(100000) %}{% set l = [" + repeat("1, ", 300) + "1] %}{% endfor %}",
                      "work budget of 20000000 units");
        QVERIFY_LIMIT("{% set s = 'a' * 100000 %}{% for i in range(100000) %}{% set t = s ~ s %}{% endfor %}",
                      "work budget");
        QVERIFY_LIMIT("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
                      "more than 1000000 loop iterations and calls");
        QVERIFY_LIMIT("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}", "recursion too deep (more than 600");
    }

    void output_is_bounded() {
        QVERIFY_LIMIT("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}", "output too large (more than 64 MiB)");
        QVERIFY_LIMIT("{% set s = 'x' * 60000000 %}{{ s ~ s }}", "too large");
    }

    // Strings and lists that grow past their caps stop as they grow, before the
    // memory is spent (each of these asked for gigabytes).
    void memory_is_bounded() {
        const char* strings[] = {
            "{{ ('\\n' * 1000000) | indent(1024, blank=true) }}",
            "{{ ('x' * 60000000) | replace('', 'yyyyyyyyyy') }}",
            "{{ ('x' * 60000000).replace('x', 'yyyyyyyyyy') }}",
            "{{ range(100000) | list | tojson(indent=1000000) }}",
            "{{ (range(100000) | list) | join('y' * 1000000) }}",
            "{{ ('<' * 60000000) | escape }}",
        };
        for (const char* source : strings) QVERIFY_LIMIT(source, "too large (more than 64 MiB)");
        const char* lists[] = {
            "{{ ('x' * 60000000).split('x') | length }}",
            "{{ ('x' * 60000000) | list | length }}",
            "{{ ('\\n' * 60000000).splitlines() | length }}",
            "{% for c in 'x' * 60000000 %}{% endfor %}",
            "{% set l = ['x'] * 1000000 %}{{ (l + l) | length }}",
        };
        for (const char* source : lists) QVERIFY_LIMIT(source, "list result too large (more than 1048576 items)");
        QVERIFY_LIMIT("{{ (['x'] * 16000000) | length }}", "list repetition result too large");
    }

    // The model-folder path: `peng-cli template DIR` on a folder whose template is
    // hostile exits non-zero with the template's path and the limit.
    void cli_refuses_a_hostile_model_folder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string folder = dir.path().toStdString();
        std::ofstream(folder + "/chat_template.jinja", std::ios::binary) << "{{ messages" << repeat("()", 300000) << " }}";
        std::ofstream(folder + "/messages.json", std::ios::binary) << R"([{"role": "user", "content": "Hi"}])";
        QProcess p;
        p.start(PENG_CLI_PATH, {"template", dir.path(), "--messages", dir.filePath("messages.json")});
        QVERIFY(p.waitForFinished(60000));
        const std::string err = QString::fromUtf8(p.readAllStandardError()).toStdString();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY(p.exitCode() != 0);
        QVERIFY2(contains(err, folder + "/chat_template.jinja:1") && contains(err, "nested too deeply"), err.c_str());
        QVERIFY(p.readAllStandardOutput().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTemplateLimits)
#include "test_template_limits.moc"
