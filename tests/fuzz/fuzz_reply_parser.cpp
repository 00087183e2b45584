// libFuzzer target for the server's reply parser (server/reply_parser.h): random
// model output, fed in random pieces, under random or hostile `tools`. Layout:
//   byte 0: bit 0 thinking; bits 1-2 the tools (none, a fixed set declaring every
//           schema type, or JSON text taken from the input); bits 3-7 seed the splits;
//   with tools from the input, byte 1 is their length and that many bytes follow;
//   the rest is the output.
// Seeds: tests/fuzz/corpus/reply_parser (with -dict=tests/fuzz/fuzz_reply_parser.dict).
// Checked: nothing but a clean return (no exception, crash or sanitizer report);
// the deltas add up to the totals; any split gives what one feed gives.
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/reply_parser.h"

namespace {

using Json = nlohmann::ordered_json;
using peng::server::ParsedToolCall;
using peng::server::ReplyDelta;
using peng::server::ReplyParser;

const Json& every_type_tools() {
    static const Json tools = Json::parse(R"([{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"s": {"type": "string"}, "i": {"type": "integer"},
        "n": {"type": ["null", "number"]}, "b": {"type": "boolean"}, "o": {"type": "object"},
        "a": {"anyOf": [{"type": "null"}, {"type": "array"}]}, "z": {"type": "null"}}}}}])");
    return tools;
}

struct Result {
    std::string reasoning, content;
    Json calls = Json::array();
};

void add_calls(Json& out, const std::vector<ParsedToolCall>& calls) {
    for (const ParsedToolCall& c : calls)
        out.push_back({{"index", c.index}, {"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
}

void check(bool ok) {
    if (!ok) std::abort();
}

// Feeds `output` in pieces of 1..max_piece bytes (all at once when max_piece is 0).
Result run(bool thinking, const Json& tools, std::string_view output, size_t max_piece, unsigned seed) {
    ReplyParser parser(thinking, tools, "fuzz");
    Result sum;
    auto add = [&](const ReplyDelta& d) {
        sum.reasoning += d.reasoning;
        sum.content += d.content;
        add_calls(sum.calls, d.tool_calls);
    };
    std::minstd_rand rng(seed);
    while (!output.empty()) {
        size_t length = max_piece == 0 ? output.size() : 1 + rng() % max_piece;
        add(parser.feed(output.substr(0, length)));
        output.remove_prefix(std::min(length, output.size()));
    }
    add(parser.finish());
    Json totals = Json::array();
    add_calls(totals, parser.tool_calls());
    check(sum.reasoning == parser.reasoning() && sum.content == parser.content() && sum.calls == totals);
    return sum;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    std::string_view input(reinterpret_cast<const char*>(data), size);
    const uint8_t flags = data[0];
    input.remove_prefix(1);
    const bool thinking = flags & 1;
    Json tools;
    switch ((flags >> 1) & 3) {
    case 0: break;
    case 1: tools = every_type_tools(); break;
    default: {
        size_t length = input.empty() ? 0 : std::min<size_t>(static_cast<uint8_t>(input[0]), input.size() - 1);
        if (!input.empty()) input.remove_prefix(1);
        tools = Json::parse(input.substr(0, length), nullptr, /*allow_exceptions=*/false);
        if (tools.is_discarded()) tools = nullptr;
        input.remove_prefix(length);
    }
    }
    const Result whole = run(thinking, tools, input, 0, 0);
    const unsigned seed = flags >> 3;
    for (size_t max_piece : {size_t(1), size_t(2 + seed % 15)}) {
        const Result split = run(thinking, tools, input, max_piece, seed);
        check(split.reasoning == whole.reasoning && split.content == whole.content && split.calls == whole.calls);
    }
    if (!thinking && tools.is_null()) check(whole.content == input && whole.reasoning.empty());
    return 0;
}
