// Chat templates: ChatTemplate with the shipped MiMo templates, and the Jinja
// interpreter under it, against hand-written expectations. (Byte-for-byte
// comparisons with @huggingface/jinja and Python's Jinja2 over a corpus of
// conversations live in tests/template.) Expected Jinja outputs below are what
// Python's Jinja2 3.1 prints for the same template.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

#include "io/file.h"
#include "text/builtin_templates.h"
#include "text/chat_template.h"
#include "text/jinja_template.h"
#include "util/error.h"

using namespace peng;
using Json = nlohmann::ordered_json;

namespace {

std::string shipped_template_path(const std::string& name) {
    return std::string(PENG_SOURCE_DIR) + "/engine/text/templates/" + name + ".jinja";
}

std::string render(const std::string& source, const Json& context = Json::object()) {
    return jinja::Template(source, "test.jinja").render(context);
}

template <typename F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Json user(const std::string& text) { return {{"role", "user"}, {"content", text}}; }

Json assistant(const std::string& text, const std::string& reasoning = "") {
    Json m = {{"role", "assistant"}, {"content", text}};
    if (!reasoning.empty()) m["reasoning_content"] = reasoning;
    return m;
}

Json tool_call(const std::string& name, Json arguments) {
    return {{"type", "function"}, {"function", {{"name", name}, {"arguments", std::move(arguments)}}}};
}

void write_file(const QString& path, const std::string& text) {
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

}  // namespace

#define QCOMPARE_STR(actual, expected) QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))
#define QVERIFY_HAS(text, part)                                                                         \
    QVERIFY2(contains(text, part), ("expected \"" + std::string(part) + "\" in: " + (text)).c_str())

class TestChatTemplate : public QObject {
    Q_OBJECT
private slots:
    void v26_user_turn_and_generation_prompt() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.6");
        Json messages = Json::array({user("Hi")});
        QCOMPARE_STR(t.render(messages, nullptr, true, true), "<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n");
        QCOMPARE_STR(t.render(messages, nullptr, true, false),
                     "<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n<think></think>");
        QCOMPARE_STR(t.render(messages, nullptr, false, false), "<|im_start|>user\nHi<|im_end|>");
    }

    void v26_tools_and_tool_calls() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.6");
        Json tools = Json::array({{{"type", "function"},
                                   {"function", {{"name", "f"}, {"parameters", {{"type", "object"}}}}}}});
        Json call = tool_call("f", {{"s", "x"}, {"n", 2}, {"b", true}, {"o", {{"k", Json::array({1, 2.5})}}}});
        Json messages = Json::array({user("Hi"), assistant("", "r"), {{"role", "tool"}, {"content", "ok"}}});
        messages[1]["tool_calls"] = Json::array({call});
        QCOMPARE_STR(t.render(messages, tools, true, true),
                     "<|im_start|>system\nYou are provided with the following tools:\n\n<tools>\n"
                     "{\"type\": \"function\", \"function\": {\"name\": \"f\", \"parameters\": {\"type\": \"object\"}}}\n"
                     "</tools><|im_end|>"
                     "<|im_start|>user\nHi<|im_end|>"
                     "<|im_start|>assistant\n<think>r</think><tool_call><function=f><parameter=s>x</parameter>"
                     "<parameter=n>2</parameter><parameter=b>true</parameter>"
                     "<parameter=o>{\"k\": [1, 2.5]}</parameter></function></tool_call><|im_end|>"
                     "<|im_start|>tool\nok<|im_end|>"
                     "<|im_start|>assistant\n");
    }

    void v26_content_parts_and_unicode() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.6");
        Json parts = Json::array({{{"type", "text"}, {"text", "你好 "}},
                                  {{"type", "image_url"}, {"image_url", {{"url", "x"}}}},
                                  {{"type", "text"}, {"text", "🌍"}}});
        Json messages = Json::array({{{"role", "user"}, {"content", parts}}});
        QCOMPARE_STR(t.render(messages, nullptr, false, true),
                     "<|im_start|>user\n你好 <|vision_start|><|image_pad|><|vision_end|>🌍<|im_end|>");
    }

    void v25_default_system_and_no_think() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.5");
        Json messages = Json::array({user("Hi")});
        const std::string system = "<|im_start|>system\nYou are MiMo, a helpful AI assistant engineered by Xiaomi.<|im_end|>";
        QCOMPARE_STR(t.render(messages, nullptr, true, true), system + "<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n");
        QCOMPARE_STR(t.render(messages, nullptr, true, false),
                     system + "<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n<think></think>");
        Json with_system = Json::array({{{"role", "system"}, {"content", "Be brief."}}, user("Hi")});
        QCOMPARE_STR(t.render(with_system, nullptr, false, true),
                     "<|im_start|>system\nBe brief.<|im_end|><|im_start|>user\nHi<|im_end|>");
    }

    void v25_tools_join_the_system_turn() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.5");
        Json tools = Json::array({{{"type", "function"},
                                   {"function", {{"name", "get_weather"}, {"description", " Weather. "},
                                                 {"parameters", {{"type", "object"},
                                                                 {"properties", {{"city", {{"type", "string"}}}}},
                                                                 {"required", Json::array({"city"})}}}}}}});
        std::string out = t.render(Json::array({user("Hi")}), tools, false, true);
        QVERIFY(out.rfind("<|im_start|>system\nYou are MiMo, a helpful AI assistant engineered by Xiaomi.\n\n# Tools\n\n", 0) == 0);
        QVERIFY_HAS(out, "<tools>\n<function>\n<name>get_weather</name>\n<description>Weather.</description>\n"
                         "<parameters>\n<parameter>\n<name>city</name>\n<type>string</type>\n</parameter>\n"
                         "<required>[\"city\"]</required>\n</parameters>\n</function>\n</tools>");
        QVERIFY_HAS(out, "<|im_end|><|im_start|>user\nHi<|im_end|>");
    }

    void v25_tool_calls_and_grouped_results() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.5");
        Json calling = assistant("");
        calling["tool_calls"] = Json::array({tool_call("f", {{"a", "x"}, {"n", 1}}), tool_call("g", {{"l", {1, 2}}})});
        Json messages = Json::array({user("Hi"), calling, {{"role", "tool"}, {"content", "r1"}},
                                     {{"role", "tool"}, {"content", "r2"}}, assistant("done")});
        QCOMPARE_STR(t.render(messages, nullptr, true, false),
                     "<|im_start|>system\nYou are MiMo, a helpful AI assistant engineered by Xiaomi.<|im_end|>"
                     "<|im_start|>user\nHi<|im_end|>"
                     "<|im_start|>assistant\n<think></think>"
                     "<tool_call>\n<function=f>\n<parameter=a>x</parameter>\n<parameter=n>1</parameter>\n</function>\n</tool_call>"
                     "<tool_call>\n<function=g>\n<parameter=l>[1, 2]</parameter>\n</function>\n</tool_call><|im_end|>"
                     "<|im_start|>tool\n<tool_response>\nr1\n</tool_response>\n<tool_response>\nr2\n</tool_response>\n<|im_end|>"
                     "<|im_start|>assistant\n<think></think>done<|im_end|>"
                     "<|im_start|>assistant\n<think></think>");
    }

    void v25_drops_old_reasoning_when_asked() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.5");
        Json messages = Json::array({user("q1"), assistant("a1", "r1"), user("q2"), assistant("a2", "r2")});
        const std::string head = "<|im_start|>system\nYou are MiMo, a helpful AI assistant engineered by Xiaomi.<|im_end|>"
                                 "<|im_start|>user\nq1<|im_end|>";
        QCOMPARE_STR(t.render(messages, nullptr, false, true),
                     head + "<|im_start|>assistant\n<think>r1</think>a1<|im_end|><|im_start|>user\nq2<|im_end|>"
                            "<|im_start|>assistant\n<think>r2</think>a2<|im_end|>");
        QCOMPARE_STR(t.render(messages, nullptr, false, true, {{"keep_all_reasoning", false}}),
                     head + "<|im_start|>assistant\n<think></think>a1<|im_end|><|im_start|>user\nq2<|im_end|>"
                            "<|im_start|>assistant\n<think>r2</think>a2<|im_end|>");
    }

    void embedded_templates_match_files() {
        QCOMPARE(builtin_template_names().size(), size_t(2));
        for (std::string_view name : builtin_template_names()) {
            std::string on_disk = read_text_file(shipped_template_path(std::string(name)));
            QVERIFY2(builtin_template(name) == on_disk,
                     ("engine/text/builtin_templates.cpp is stale for " + std::string(name) +
                      ": run tools/embed_templates.sh").c_str());
        }
        QVERIFY_HAS(error_of([] { builtin_template("mimo-v9"); }), "mimo-v9");
    }

    void shipped_v26_is_the_official_file() {
        const std::string official = std::string(PENG_SHARED_DIR) + "/data/mimo-v2.6/chat_template.jinja";
        if (!file_exists(official)) QSKIP("the shared data directory is not next to the checkout");
        QVERIFY(read_text_file(official) == read_text_file(shipped_template_path("mimo-v2.6")));
    }

    void model_dir_sources() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.path().toStdString();
        Json messages = Json::array({user("Hi")});
        QVERIFY_HAS(error_of([&] { ChatTemplate::from_model_dir(path); }), "chat_template.jinja");

        // tokenizer_config.json: the template, and bos/eos as string or AddedToken object.
        write_file(dir.filePath("tokenizer_config.json"),
                   R"({"chat_template": "{{ bos_token }}|{{ eos_token }}|{{ messages[0].content }}",
                       "bos_token": {"content": "<s>", "lstrip": false}, "eos_token": "<|im_end|>"})");
        QCOMPARE_STR(ChatTemplate::from_model_dir(path).render(messages, nullptr, false, true), "<s>|<|im_end|>|Hi");

        // A list of named templates: the "default" one.
        write_file(dir.filePath("tokenizer_config.json"),
                   R"({"chat_template": [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "D"}]})");
        QCOMPARE_STR(ChatTemplate::from_model_dir(path).render(messages, nullptr, false, true), "D");

        // chat_template.jinja wins over tokenizer_config.json.
        write_file(dir.filePath("chat_template.jinja"), "J{{ messages | length }}{{ bos_token is defined }}\n");
        ChatTemplate t = ChatTemplate::from_model_dir(path);
        QCOMPARE_STR(t.render(messages, nullptr, false, true), "J1False");
        QVERIFY_HAS(t.origin(), "chat_template.jinja");
    }

    void whitespace_control() {
        // trim_blocks and lstrip_blocks are on, as in transformers.
        QCOMPARE_STR(render("<ul>\n  {% for x in xs %}\n  <li>{{ x }}</li>\n  {% endfor %}\n</ul>\n",
                            {{"xs", {"a", "b"}}}),
                     "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>");
        QCOMPARE_STR(render("a\n  {%+ if true %}\n  b\n  {% endif +%}\n  c"), "a\n    b\n\n  c");
        QCOMPARE_STR(render("x  {%- if true -%}  y  {%- endif -%}  z"), "xyz");
        QCOMPARE_STR(render("one\r\ntwo {# note #}\nthree"), "one\ntwo three");
        QCOMPARE_STR(render("{% raw %}{{ kept }}{% endraw %}"), "{{ kept }}");
    }

    void loops_namespaces_and_macros() {
        QCOMPARE_STR(render("{% for x in xs %}{{ loop.index }}/{{ loop.length }}{% if loop.first %}F{% endif %}"
                            "{% if loop.last %}L{% endif %} {% endfor %}",
                            {{"xs", {"a", "b", "c"}}}),
                     "1/3F 2/3 3/3L ");
        // A set inside a loop lasts one iteration; namespace() carries values out.
        QCOMPARE_STR(render("{% set x = 1 %}{% for i in [1,2] %}{% set x = x + 10 %}{{ x }},{% endfor %}{{ x }}"), "11,11,1");
        QCOMPARE_STR(render("{% set ns = namespace(n=0) %}{% for i in range(5) %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}"),
                     "10");
        QCOMPARE_STR(render("{% for x in xs if x > 1 %}{{ x }}{% else %}none{% endfor %}|"
                            "{% for x in [] %}{{ x }}{% else %}empty{% endfor %}",
                            {{"xs", {1, 2, 3}}}),
                     "23|empty");
        QCOMPARE_STR(render("{% for x in xs %}{% if x == 2 %}{% continue %}{% endif %}{% if x == 4 %}{% break %}{% endif %}"
                            "{{ x }}{% endfor %}",
                            {{"xs", {1, 2, 3, 4, 5}}}),
                     "13");
        QCOMPARE_STR(render("{% macro greet(name, greeting='Hello') %}{{ greeting }}, {{ name }}!{% endmacro %}"
                            "{{ greet('Ann') }} {{ greet('Bo', greeting='Hi') }}"),
                     "Hello, Ann! Hi, Bo!");
        QCOMPARE_STR(render("{% macro m() %}{{ varargs | length }}{{ kwargs }}{% endmacro %}{{ m(1, 2, k=3) }}"), "2{'k': 3}");
        QCOMPARE_STR(render("{% for k, v in d | items %}{{ k }}={{ v }};{% endfor %}{{ d.get('zz', 'dflt') }}",
                            {{"d", {{"a", 1}, {"b", {1, "x"}}}}}),
                     "a=1;b=[1, 'x'];dflt");
    }

    void tojson_matches_python() {
        Json d = {{"b", {1, 2.5, nullptr, true}}, {"a", "é\n\"q\""}};
        QCOMPARE_STR(render("{{ d | tojson }}", {{"d", d}}), "{\"b\": [1, 2.5, null, true], \"a\": \"é\\n\\\"q\\\"\"}");
        QCOMPARE_STR(render("{{ d | tojson(indent=2) }}", {{"d", d}}),
                     "{\n  \"b\": [\n    1,\n    2.5,\n    null,\n    true\n  ],\n  \"a\": \"é\\n\\\"q\\\"\"\n}");
        QCOMPARE_STR(render("{{ d | tojson(separators=(',', ':'), sort_keys=true) }}", {{"d", d}}),
                     "{\"a\":\"é\\n\\\"q\\\"\",\"b\":[1,2.5,null,true]}");
        QCOMPARE_STR(render("{{ 'é😀\x7f' | tojson(ensure_ascii=true) }}"), "\"\\u00e9\\ud83d\\ude00\\u007f\"");
        // Python float repr, which JavaScript-based renderers cannot reproduce.
        QCOMPARE_STR(render("{{ [1.0, 0.1, 1e-05, 1e16, 1e15, -0.0, 123456789.125, 2.5e-7] | tojson }}"),
                     "[1.0, 0.1, 1e-05, 1e+16, 1000000000000000.0, -0.0, 123456789.125, 2.5e-07]");
        QCOMPARE_STR(render("{{ n | tojson }}", {{"n", 18446744073709551615ull}}), "18446744073709551615");
    }

    void printing_follows_python() {
        QCOMPARE_STR(render("{{ 'a' ~ nope ~ 1 ~ none ~ true ~ 1.5 }}|{{ none }}|{{ nope }}|"), "a1NoneTrue1.5|None||");
        QCOMPARE_STR(render("{{ d }}{{ [1, 'a', none, true] }}{{ ('x',) }}{{ \"it's\" }}", {{"d", {{"k", "v"}, {"n", 1.0}}}}),
                     "{'k': 'v', 'n': 1.0}[1, 'a', None, True]('x',)it's");
        QCOMPARE_STR(render("{{ 7 // 2 }} {{ -7 // 2 }} {{ -7 % 3 }} {{ 7 / 2 }} {{ 2 ** 10 }} {{ 2 ** -1 }} {{ -2 ** 2 }}"),
                     "3 -4 2 3.5 1024 0.5 4");
        QCOMPARE_STR(render("{{ x is string }}{{ y is mapping }}{{ z is defined }}{{ true is number }}{{ nope is iterable }}",
                            {{"x", "s"}, {"y", Json::object()}}),
                     "TrueTrueFalseTrueTrue");
    }

    void string_methods_and_slicing() {
        QCOMPARE_STR(render("{{ '  hi  '.strip() }}|{{ 'a,b,,c'.split(',') }}|{{ 'x y  z'.split() }}|"
                            "{{ 'abc'.startswith('ab') }}|{{ 'xxhixx'.lstrip('x') }}|{{ 'hi\n'.rstrip() }}"),
                     "hi|['a', 'b', '', 'c']|['x', 'y', 'z']|True|hixx|hi");
        QCOMPARE_STR(render("{{ 'héllo wörld'[1:4] }}|{{ [1,2,3,4][::-1] }}|{{ 'abc'[-1] }}|{{ 'héllo' | length }}|"
                            "{{ 'héllo'.find('l') }}"),
                     "éll|[4, 3, 2, 1]|c|5|2");
        QCOMPARE_STR(render("{{ '\u3000x\u00a0'.strip() }}|{{ 'Straße'.upper() }}|{{ 'hello world' | title }}"),
                     "x|STRASSE|Hello World");
    }

    void unsupported_constructs_are_errors() {
        std::string e = error_of([] { render("ok\n{% include 'other.jinja' %}"); });
        QVERIFY_HAS(e, "test.jinja:2");
        QVERIFY_HAS(e, "include");
        e = error_of([] { render("\n\n{% call m() %}x{% endcall %}"); });
        QVERIFY_HAS(e, "test.jinja:3");
        QVERIFY_HAS(e, "'call'");
        QVERIFY_HAS(error_of([] { render("{% for x in xs recursive %}{% endfor %}"); }), "recursive");
        QVERIFY_HAS(error_of([] { render("{% for x in y %}never closed"); }), "endfor");
        QVERIFY_HAS(error_of([] { render("{{ f(*args) }}"); }), "unpacking");
        e = error_of([] { render("a\nb\n{{ x | nosuchfilter }}", {{"x", 1}}); });
        QVERIFY_HAS(e, "test.jinja:3");
        QVERIFY_HAS(e, "nosuchfilter");
        QVERIFY_HAS(error_of([] { render("{{ x is nosuchtest }}"); }), "nosuchtest");
        QVERIFY_HAS(error_of([] { render("{{ 'a'.format(1) }}"); }), "format");
        QVERIFY_HAS(error_of([] { render("{{ '%s' % 1 }}"); }), "formatting");
    }

    void runtime_errors_name_the_line() {
        std::string e = error_of([] { render("\n{{ x.y.z }}", {{"x", Json::object()}}); });
        QVERIFY_HAS(e, "test.jinja:2");
        QVERIFY_HAS(e, "'dict object' has no attribute 'y'");
        QVERIFY_HAS(error_of([] { render("{{ raise_exception('bad role') }}"); }), "bad role");
        QVERIFY_HAS(error_of([] { render("{{ 1 / 0 }}"); }), "division by zero");
        QVERIFY_HAS(error_of([] { render("{{ 9223372036854775807 + 1 }}"); }), "overflow");
        QVERIFY_HAS(error_of([] { render("{% set a, b = [1] %}"); }), "not enough values to unpack");
        QVERIFY_HAS(error_of([] { render("{% set x = 1 %}{% set x.y = 2 %}"); }), "non-namespace");
        QVERIFY_HAS(error_of([] { render("{{ range(1000000) | length }}"); }), "range too big");
    }

    void runaway_templates_stop() {
        QVERIFY_HAS(error_of([] { render("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}"); }), "too deep");
        QVERIFY_HAS(error_of([] {
                        render("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}");
                    }),
                    "looks stuck");
        QVERIFY_HAS(error_of([] { render("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}"); }), "too large");
        QVERIFY_HAS(error_of([] { render("{{ " + std::string(500, '(') + "1" + std::string(500, ')') + " }}"); }), "nested too deeply");
        QVERIFY_HAS(error_of([] {
                        render("{% set ns = namespace(l=[]) %}{% for i in range(1000) %}{% set ns.l = [ns.l] %}{% endfor %}");
                    }),
                    "nested more than");
    }

    void bad_inputs_are_errors() {
        ChatTemplate t = ChatTemplate::builtin("mimo-v2.6");
        QVERIFY_HAS(error_of([&] { t.render(Json::object(), nullptr, true, true); }), "messages must be a JSON array");
        QVERIFY_HAS(error_of([&] { t.render(Json::array({1}), nullptr, true, true); }), "message 0 is not a JSON object");
        QVERIFY_HAS(error_of([&] { t.render(Json::array(), "x", true, true); }), "tools must be");
        QVERIFY_HAS(error_of([&] { t.render(Json::array(), nullptr, true, true, Json::array()); }), "extra");
        QVERIFY_HAS(error_of([] { ChatTemplate::from_string("{% if %}", "broken"); }), "broken:1");
        QVERIFY_HAS(error_of([] { ChatTemplate::from_string("{{ 'unterminated }}", "broken"); }), "unterminated");
        QVERIFY_HAS(error_of([] { ChatTemplate::from_string("{# open comment", "broken"); }), "comment");
    }
};

QTEST_MAIN(TestChatTemplate)
#include "test_chat_template.moc"
