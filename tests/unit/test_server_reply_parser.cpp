// The server's reply parser (server/reply_parser.h): MiMo's output split into
// reasoning, content and tool calls while it streams. Hand-written cases for each
// rule, every split of a rich stream, and a property test: tool calls rendered by
// the official MiMo-V2.6 template (through the engine's own renderer) parse back to
// the structure they were rendered from.
#include <QtTest>

#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "server/reply_parser.h"
#include "text/chat_template.h"

using namespace peng;
using namespace peng::server;
using Json = nlohmann::ordered_json;

namespace {

struct Outcome {
    std::string reasoning;
    std::string content;
    Json calls = Json::array();  // [{index, id, name, arguments}]
    std::string mismatch;        // set when the deltas did not add up to the totals
};

Json describe(const std::vector<ParsedToolCall>& calls) {
    Json out = Json::array();
    for (const ParsedToolCall& c : calls)
        out.push_back({{"index", c.index}, {"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
    return out;
}

// Feeds `pieces`, then finishes; checks that the deltas add up to the totals.
Outcome parse(bool thinking, const Json& tools, const std::vector<std::string>& pieces) {
    ReplyParser parser(thinking, tools, "t");
    ReplyDelta sum;
    auto add = [&](ReplyDelta d) {
        sum.reasoning += d.reasoning;
        sum.content += d.content;
        for (ParsedToolCall& c : d.tool_calls) sum.tool_calls.push_back(std::move(c));
    };
    for (const std::string& piece : pieces) add(parser.feed(piece));
    add(parser.finish());
    Outcome out{parser.reasoning(), parser.content(), describe(parser.tool_calls()), ""};
    if (sum.reasoning != out.reasoning) out.mismatch = "reasoning deltas: " + sum.reasoning;
    if (sum.content != out.content) out.mismatch = "content deltas: " + sum.content;
    if (describe(sum.tool_calls) != out.calls) out.mismatch = "tool-call deltas: " + describe(sum.tool_calls).dump();
    return out;
}

Outcome parse(bool thinking, const Json& tools, const std::string& text) {
    return parse(thinking, tools, std::vector<std::string>{text});
}

std::vector<std::string> bytes_of(const std::string& text) {
    std::vector<std::string> pieces;
    for (char c : text) pieces.emplace_back(1, c);
    return pieces;
}

std::vector<std::string> random_split(const std::string& text, std::mt19937& rng, size_t max_piece) {
    std::vector<std::string> pieces;
    for (size_t at = 0; at < text.size();) {
        size_t length = std::uniform_int_distribution<size_t>(1, max_piece)(rng);
        pieces.push_back(text.substr(at, length));
        at += length;
    }
    return pieces;
}

Json tool(const std::string& name, const Json& properties) {
    return {{"type", "function"},
            {"function", {{"name", name}, {"parameters", {{"type", "object"}, {"properties", properties}}}}}};
}

Json call(int index, const std::string& name, const Json& arguments) {
    return {{"index", index}, {"id", "call_t_" + std::to_string(index)}, {"name", name}, {"arguments", arguments}};
}

const Json kWeatherTools = Json::array({tool("get_weather", {{"city", {{"type", "string"}}}, {"days", {{"type", "integer"}}}})});

std::string str(const Json& j) { return j.dump(); }

}  // namespace

#define QCOMPARE_STR(actual, expected) QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))
#define QVERIFY_CONSISTENT(outcome) QVERIFY2((outcome).mismatch.empty(), (outcome).mismatch.c_str())

class TestServerReplyParser : public QObject {
    Q_OBJECT
private slots:
    void thinking_then_content() {
        Outcome o = parse(true, nullptr, "<think>Let me see: 6*7.</think>It is 42.");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.reasoning, "Let me see: 6*7.");
        QCOMPARE_STR(o.content, "It is 42.");
        QCOMPARE(o.calls.size(), size_t(0));
    }

    void thinking_allowed_but_no_think_block() {
        // Only an opening <think> at the very start begins the thinking.
        Outcome o = parse(true, nullptr, "Hi <think>not reasoning</think> there");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.reasoning, "");
        QCOMPARE_STR(o.content, "Hi <think>not reasoning</think> there");
        QCOMPARE_STR(parse(true, nullptr, "").content, "");
    }

    void thinking_off_everything_is_content() {
        Outcome o = parse(false, nullptr, "<think>r</think>answer");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.reasoning, "");
        QCOMPARE_STR(o.content, "<think>r</think>answer");
    }

    void unfinished_tags_at_the_end() {
        Outcome open = parse(true, nullptr, "<think>still thinking");
        QCOMPARE_STR(open.reasoning, "still thinking");
        QCOMPARE_STR(open.content, "");
        Outcome half_close = parse(true, nullptr, "<think>abc</thi");
        QCOMPARE_STR(half_close.reasoning, "abc</thi");
        Outcome half_open = parse(true, nullptr, "<thi");
        QCOMPARE_STR(half_open.reasoning, "");
        QCOMPARE_STR(half_open.content, "<thi");
        Outcome half_call = parse(true, kWeatherTools, "<think></think>ok<tool_ca");
        QCOMPARE_STR(half_call.content, "ok<tool_ca");
        QVERIFY_CONSISTENT(half_call);
    }

    void holds_back_only_what_may_be_a_tag() {
        ReplyParser p(true, kWeatherTools, "t");
        QVERIFY(p.feed("<thi").empty());
        QVERIFY(p.feed("nk>ab<").reasoning == "ab");  // "<" may start </think>
        QCOMPARE_STR(p.feed("x").reasoning, "<x");     // ... and did not
        QCOMPARE_STR(p.feed("</think").reasoning, "");
        ReplyDelta closed = p.feed(">Hi <tool");
        QCOMPARE_STR(closed.reasoning, "");
        QCOMPARE_STR(closed.content, "Hi ");
        QCOMPARE_STR(p.feed("box").content, "<toolbox");
        QCOMPARE_STR(p.reasoning(), "ab<x");
        QCOMPARE_STR(p.content(), "Hi <toolbox");
    }

    void never_splits_a_character() {
        const std::string text = "<think>é中</think>🌍!";
        ReplyParser p(true, nullptr, "t");
        std::string reasoning, content;
        for (char c : text) {
            ReplyDelta d = p.feed(std::string(1, c));
            // Every delta is whole characters.
            for (const std::string* part : {&d.reasoning, &d.content})
                if (!part->empty()) {
                    // Valid UTF-8 survives the round trip; a cut character would not.
                    QVERIFY2(QString::fromUtf8(part->data(), int(part->size())).toUtf8().toStdString() == *part,
                             "a delta holds part of a character");
                }
            reasoning += d.reasoning;
            content += d.content;
        }
        ReplyDelta end = p.finish();
        QVERIFY(end.empty());
        QCOMPARE_STR(reasoning, "é中");
        QCOMPARE_STR(content, "🌍!");
    }

    void every_split_gives_the_same_result() {
        const Json tools = Json::array({tool("f", {{"n", {{"type", "integer"}}}, {"s", {{"type", "string"}}}})});
        const std::string text =
            "<think>plan: <b> </thin k> é</think>Sure <tool_ <tool_call><function=f><parameter=n>7</parameter>"
            "<parameter=s>a<b></function></parameter></function></tool_call>\n<tool_call> <function=g>\n"
            "</function>\n</tool_call>tail 中 </tool_call>";
        const Json expected_calls = Json::array({call(0, "f", {{"n", 7}, {"s", "a<b></function>"}}), call(1, "g", Json::object())});
        Outcome whole = parse(true, tools, text);
        QVERIFY_CONSISTENT(whole);
        QCOMPARE_STR(whole.reasoning, "plan: <b> </thin k> é");
        QCOMPARE_STR(whole.content, "Sure <tool_ \ntail 中 </tool_call>");
        QCOMPARE_STR(str(whole.calls), str(expected_calls));

        auto same = [&](const std::vector<std::string>& pieces, const std::string& how) {
            Outcome o = parse(true, tools, pieces);
            if (!o.mismatch.empty() || o.reasoning != whole.reasoning || o.content != whole.content ||
                o.calls != whole.calls)
                return how + ": reasoning=" + o.reasoning + " content=" + o.content + " calls=" + o.calls.dump() +
                       " " + o.mismatch;
            return std::string();
        };
        std::string problem = same(bytes_of(text), "byte by byte");
        QVERIFY2(problem.empty(), problem.c_str());
        for (size_t cut = 0; cut <= text.size(); ++cut) {
            problem = same({text.substr(0, cut), text.substr(cut)}, "cut at " + std::to_string(cut));
            QVERIFY2(problem.empty(), problem.c_str());
        }
        for (unsigned seed = 1; seed <= 200; ++seed) {
            std::mt19937 rng(seed);
            problem = same(random_split(text, rng, 1 + seed % 13), "random split, seed " + std::to_string(seed));
            QVERIFY2(problem.empty(), problem.c_str());
        }
    }

    void a_call_arrives_when_it_closes() {
        ReplyParser p(true, kWeatherTools, "req7");
        QVERIFY(p.feed("<think>x</think>Checking.").content == "Checking.");
        ReplyDelta open = p.feed("<tool_call><function=get_weather><parameter=city>Paris</parameter></function></tool_call");
        QVERIFY(open.empty());
        ReplyDelta closed = p.feed(">");
        QCOMPARE(closed.tool_calls.size(), size_t(1));
        QCOMPARE_STR(closed.tool_calls[0].id, "call_req7_0");
        QCOMPARE(closed.tool_calls[0].index, 0);
        QCOMPARE_STR(closed.tool_calls[0].name, "get_weather");
        QCOMPARE_STR(str(closed.tool_calls[0].arguments), R"({"city":"Paris"})");
        QVERIFY(p.finish().empty());
    }

    void parameters_by_schema_type() {
        const Json tools = Json::array({tool("f", {{"s", {{"type", "string"}}},
                                                  {"i", {{"type", "integer"}}},
                                                  {"x", {{"type", "number"}}},
                                                  {"b", {{"type", "boolean"}}},
                                                  {"o", {{"type", "object"}}},
                                                  {"a", {{"type", "array"}}},
                                                  {"z", {{"type", "null"}}},
                                                  {"l", {{"type", Json::array({"null", "integer"})}}},
                                                  {"u", {{"anyOf", Json::array({{{"description", "none"}}, {{"type", "boolean"}}})}}}})});
        Outcome o = parse(true, tools,
                          "<think></think><tool_call><function=f>"
                          "<parameter=s> 12 </parameter><parameter=i>-12</parameter><parameter=x>2.5e1</parameter>"
                          "<parameter=b>false</parameter><parameter=o>{\"k\": [1, \"v\"]}</parameter>"
                          "<parameter=a>[1, {\"d\": null}]</parameter><parameter=z>null</parameter>"
                          "<parameter=l>\n3\n</parameter><parameter=u>true</parameter><parameter=extra>5</parameter>"
                          "</function></tool_call>");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.content, "");
        QCOMPARE_STR(str(o.calls),
                     str(Json::array({call(0, "f", Json::parse(R"({"s": " 12 ", "i": -12, "x": 25.0, "b": false,
                        "o": {"k": [1, "v"]}, "a": [1, {"d": null}], "z": null, "l": 3, "u": true, "extra": "5"})"))})));
    }

    void values_not_of_their_type_stay_strings() {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"integer", "4.5"}, {"integer", "12abc"}, {"integer", ""},   {"number", "NaN"},  {"number", "1,5"},
            {"boolean", "yes"}, {"boolean", "True"},  {"null", "None"},  {"object", "[1]"},  {"object", "{\"a\":"},
            {"array", "{}"},    {"array", "1, 2"},    {"integer", "\"7\""}};
        for (const auto& [type, text] : cases) {
            Json value = convert_parameter(text, type);
            QVERIFY2(value.is_string() && value.get<std::string>() == text, (type + ": " + text).c_str());
        }
        QCOMPARE_STR(str(convert_parameter("[1,2]", "string")), "\"[1,2]\"");
        QCOMPARE_STR(str(convert_parameter("7", "")), "\"7\"");
        QCOMPARE_STR(str(convert_parameter("7", "weird")), "\"7\"");
        QCOMPARE_STR(str(convert_parameter("18446744073709551615", "integer")), "18446744073709551615");
    }

    void text_around_two_calls() {
        const std::string a = "<tool_call><function=get_weather><parameter=city>Oslo</parameter><parameter=days>3</parameter></function></tool_call>";
        const std::string b = "<tool_call>\n<function=get_weather>\n<parameter=city>Rome, IT</parameter>\n</function>\n</tool_call>";
        Outcome o = parse(true, kWeatherTools, "<think>two cities</think>Let me check.\n" + a + "\n" + b + "\nDone.");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.reasoning, "two cities");
        QCOMPARE_STR(o.content, "Let me check.\n\n\nDone.");
        QCOMPARE_STR(str(o.calls), str(Json::array({call(0, "get_weather", {{"city", "Oslo"}, {"days", 3}}),
                                                    call(1, "get_weather", {{"city", "Rome, IT"}})})));
    }

    void malformed_calls_are_content_as_written() {
        const std::vector<std::string> malformed = {
            "<tool_call>hello</tool_call>",
            "<tool_call><function=>x</function></tool_call>",
            "<tool_call><function=get_weather><parameter=city>Paris</tool_call>",
            "<tool_call><function=get_weather><parameter=city>Paris</parameter></tool_call>",
            "<tool_call><function=get_weather></function>junk</tool_call>",
            "<tool_call><function=get\nweather></function></tool_call>",
            "<tool_call><function=get_weather><parameter=>1</parameter></function></tool_call>",
        };
        for (const std::string& m : malformed) {
            Outcome o = parse(true, kWeatherTools, "<think></think>a" + m + "b");
            QVERIFY_CONSISTENT(o);
            QCOMPARE_STR(o.content, "a" + m + "b");
            QCOMPARE(o.calls.size(), size_t(0));
        }
        // A later well-formed call still counts from 0.
        Outcome o = parse(true, kWeatherTools, malformed[0] + "<tool_call><function=get_weather></function></tool_call>");
        QCOMPARE_STR(o.content, malformed[0]);
        QCOMPARE_STR(str(o.calls), str(Json::array({call(0, "get_weather", Json::object())})));
    }

    void unclosed_call_at_the_end_is_content() {
        const std::string text = "ok <tool_call><function=get_weather><parameter=city>Par";
        Outcome o = parse(true, kWeatherTools, bytes_of(text));
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(o.content, text);
        QCOMPARE(o.calls.size(), size_t(0));
    }

    void without_tools_the_tags_are_content() {
        const std::string text = "<tool_call><function=get_weather><parameter=city>Paris</parameter></function></tool_call>";
        for (const Json& tools : {Json(nullptr), Json::array(), Json::object(), Json("tools"), Json(3)}) {
            Outcome o = parse(false, tools, bytes_of(text));
            QVERIFY_CONSISTENT(o);
            QCOMPARE_STR(o.content, text);
            QCOMPARE(o.calls.size(), size_t(0));
        }
    }

    void undeclared_function_and_parameters_are_strings() {
        Outcome o = parse(false, kWeatherTools,
                          "<tool_call><function=other><parameter=days>3</parameter></function></tool_call>"
                          "<tool_call><function=get_weather><parameter=hours>3</parameter></function></tool_call>");
        QVERIFY_CONSISTENT(o);
        QCOMPARE_STR(str(o.calls), str(Json::array({call(0, "other", {{"days", "3"}}),
                                                    call(1, "get_weather", {{"hours", "3"}})})));
    }

    void odd_tools_shapes_do_not_throw() {
        const std::vector<Json> odd = {
            Json(5),
            Json("x"),
            Json::array({1, nullptr, "f", Json::array()}),
            Json::parse(R"([{"function": 3}, {"function": {"name": 7}}, {"function": {"name": "f"}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": []}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": {"properties": ["n"]}}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": {"properties": {"n": 1}}}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": {"properties": {"n": {"type": 4}}}}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": {"properties": {"n": {"type": [null, "null", 1]}}}}}])"),
            Json::parse(R"([{"function": {"name": "f", "parameters": {"properties": {"n": {"anyOf": 1, "oneOf": [2, {}]}}}}}])"),
        };
        for (const Json& tools : odd) {
            QCOMPARE_STR(parameter_type(tools, "f", "n"), "");
            Outcome o = parse(false, tools, "<tool_call><function=f><parameter=n>1</parameter></function></tool_call>");
            QVERIFY_CONSISTENT(o);
        }
        Json nested = Json::parse(R"({"type": "object"})");
        for (int i = 0; i < 50; ++i) nested = {{"anyOf", Json::array({nested})}};
        QCOMPARE_STR(parameter_type(Json::array({tool("f", {{"n", nested}})}), "f", "n"), "");
        // The first tool of a name decides; type lists and alternatives give their first real type.
        Json tools = Json::array({tool("f", {{"n", {{"type", Json::array({"null", "number"})}}}}), tool("f", {{"n", {{"type", "string"}}}}),
                                  tool("g", {{"n", {{"oneOf", Json::array({{{"type", "null"}}, {{"type", "array"}}})}}}})});
        QCOMPARE_STR(parameter_type(tools, "f", "n"), "number");
        QCOMPARE_STR(parameter_type(tools, "g", "n"), "array");
        QCOMPARE_STR(parameter_type(tools, "h", "n"), "");
    }

    // The issue's property test: tool-call structures rendered by the official template
    // parse back to the same structure, reasoning and content, whatever the split.
    void template_rendered_calls_parse_back() {
        ChatTemplate tmpl = ChatTemplate::from_file(std::string(PENG_SOURCE_DIR) + "/engine/text/templates/mimo-v2.6.jinja");
        for (unsigned seed = 1; seed <= 400; ++seed) {
            std::string problem = round_trip(tmpl, seed);
            QVERIFY2(problem.empty(), ("seed " + std::to_string(seed) + ": " + problem).c_str());
        }
    }

private:
    static std::string round_trip(const ChatTemplate& tmpl, unsigned seed) {
        std::mt19937 rng(seed);
        auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
        auto name = [&] {
            std::string s;
            for (int i = 0, n = 1 + pick(8); i < n; ++i) s += "abcdefghijklmnopqrstuvwxyz_"[pick(27)];
            return s;
        };
        const std::vector<std::string> alphabet = {"a", "Z", "0", "7", "-", ".", " ", "  ", "\n", "\t", "\"", "'", "\\",
                                                   "<", ">", "/", "=", "{", "}", "[", "]", ",", ":", "é", "中", "🌍",
                                                   "<think>", "</think>", "<tool_call", "</function>", "<parameter=x>",
                                                   "<function=f>", "</tool_call", "</parameter"};
        auto text = [&](const std::vector<std::string>& forbidden) {
            for (;;) {
                std::string s;
                for (int i = 0, n = pick(14); i < n; ++i) s += alphabet[pick(int(alphabet.size()))];
                bool ok = true;
                for (const std::string& f : forbidden) ok = ok && s.find(f) == std::string::npos;
                if (ok) return s;
            }
        };
        // Numbers that print and parse back exactly: integers over a power of two.
        auto number = [&] { return double(std::uniform_int_distribution<int>(-100000, 100000)(rng)) / double(1 << pick(12)); };
        std::function<Json(int)> value_json = [&](int depth) -> Json {
            switch (depth > 2 ? pick(4) : pick(6)) {
            case 0: return text({"</parameter>", "</tool_call>"});
            case 1: return std::uniform_int_distribution<long long>(-(1LL << 40), 1LL << 40)(rng);
            case 2: return number();
            case 3: return pick(2) == 0;
            case 4: {
                Json o = Json::object();
                for (int i = 0, n = pick(4); i < n; ++i) o[name()] = value_json(depth + 1);
                return o;
            }
            default: {
                Json a = Json::array();
                for (int i = 0, n = pick(4); i < n; ++i) a.push_back(value_json(depth + 1));
                return a;
            }
            }
        };
        const std::vector<std::string> types = {"string", "integer", "number", "boolean", "object", "array"};
        auto value_of_type = [&](const std::string& type) -> Json {
            if (type == "string") return text({"</parameter>", "</tool_call>"});
            if (type == "integer") return std::uniform_int_distribution<long long>(-(1LL << 53), 1LL << 53)(rng);
            if (type == "number") return number();
            if (type == "boolean") return pick(2) == 0;
            Json v = value_json(1);
            while (type == "object" ? !v.is_object() : !v.is_array()) v = value_json(1);
            return v;
        };

        // Tools with unique names, 0-4 parameters each, the type written in one of the three ways.
        Json tools = Json::array();
        std::vector<std::vector<std::pair<std::string, std::string>>> signatures;
        for (int t = 0, n = 1 + pick(3); t < n; ++t) {
            std::string fn = name();
            bool taken = false;
            for (const Json& existing : tools) taken = taken || existing["function"]["name"] == fn;
            if (taken) continue;
            Json properties = Json::object();
            std::vector<std::pair<std::string, std::string>> signature;
            for (int p = 0, m = pick(5); p < m; ++p) {
                std::string arg = name();
                if (properties.contains(arg)) continue;
                std::string type = types[pick(int(types.size()))];
                int form = pick(3);
                properties[arg] = form == 0   ? Json{{"type", type}}
                                  : form == 1 ? Json{{"type", Json::array({"null", type})}}
                                              : Json{{"anyOf", Json::array({{{"type", "null"}}, {{"type", type}}})}};
                signature.emplace_back(arg, type);
            }
            tools.push_back(tool(fn, properties));
            signatures.push_back(signature);
        }
        Json tool_calls = Json::array();
        Json expected_calls = Json::array();
        for (int c = 0, n = pick(4); c < n; ++c) {
            int t = pick(int(tools.size()));
            Json arguments = Json::object();
            for (const auto& [arg, type] : signatures[size_t(t)])
                if (pick(4) != 0) arguments[arg] = value_of_type(type);
            std::string fn = tools[size_t(t)]["function"]["name"].get<std::string>();
            tool_calls.push_back({{"type", "function"}, {"function", {{"name", fn}, {"arguments", arguments}}}});
            expected_calls.push_back(call(c, fn, arguments));
        }
        const std::string reasoning = text({"</think>"});
        const std::string content = text({"<tool_call>"});
        Json message = {{"role", "assistant"}, {"content", content}, {"reasoning_content", reasoning}};
        if (!tool_calls.empty()) message["tool_calls"] = tool_calls;

        const std::string rendered = tmpl.render(Json::array({message}), tools, false, true);
        const std::string start = "<|im_start|>assistant\n", end = "<|im_end|>";
        size_t from = rendered.rfind(start);
        size_t to = from == std::string::npos ? from : rendered.find(end, from);
        if (to == std::string::npos) return "no assistant turn in: " + rendered;
        from += start.size();
        const std::string output = rendered.substr(from, to - from);

        Outcome o = parse(true, tools, random_split(output, rng, 1 + size_t(pick(16))));
        std::string where = "\noutput: " + output;
        if (!o.mismatch.empty()) return o.mismatch + where;
        if (o.reasoning != reasoning) return "reasoning " + o.reasoning + where;
        if (o.content != content) return "content " + o.content + where;
        if (o.calls != expected_calls) return "calls " + o.calls.dump() + "\nexpected " + expected_calls.dump() + where;
        return "";
    }
};

QTEST_GUILESS_MAIN(TestServerReplyParser)
#include "test_server_reply_parser.moc"
