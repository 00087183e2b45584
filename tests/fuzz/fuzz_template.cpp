// libFuzzer target for the chat-template interpreter. The first input byte
// picks what to fuzz:
//   0: the rest as a whole template, rendered over a conversation that exercises
//      every kind of value (tools, tool calls, parts, reasoning, numbers, unicode);
//   1: the official MiMo-V2.6 template or the V2.5 one with a slice replaced by
//      the input (malformed templates close to a real one);
//   2: the rest as the messages JSON, rendered by both shipped templates.
// Only peng::Error may escape: anything else (another exception, a crash, a
// sanitizer report, a hang) is a bug the fuzzer reports.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "text/builtin_templates.h"
#include "text/chat_template.h"
#include "text/jinja_template.h"
#include "util/error.h"

namespace {

using Json = nlohmann::ordered_json;

const Json& context() {
    static const Json ctx = Json::parse(R"({
      "messages": [
        {"role": "system", "content": "Be brief. 你好 🌍"},
        {"role": "user", "content": [{"type": "text", "text": "Hi"}, {"type": "image", "image": "x.png"}, "raw", 7]},
        {"role": "assistant", "content": null, "reasoning_content": "think\nmore",
         "tool_calls": [{"type": "function", "function": {"name": "f",
           "arguments": {"s": "x", "n": -3, "big": 18446744073709551615, "f": 2.5, "b": true, "z": null,
                         "o": {"k": [1, {"d": "é"}]}, "e": []}}},
                        {"id": "c2", "function": {"name": "g", "arguments": "{\"a\": 1}"}}]},
        {"role": "tool", "content": "result \"quoted\" \\ back"},
        {"role": "tool", "content": [{"type": "text", "text": "second"}]},
        {"role": "assistant", "content": "<think>r</think>done"}
      ],
      "tools": [{"type": "function", "function": {"name": "f", "description": " d ",
                 "parameters": {"type": "object", "properties": {"s": {"type": "string", "enum": ["x", "y"]}},
                                "required": ["s"]}}}],
      "add_generation_prompt": true, "enable_thinking": false, "keep_all_reasoning": false,
      "bos_token": "<s>", "eos_token": "<|im_end|>", "numbers": [0, 1.5e300, -0.0, 9007199254740993]
    })");
    return ctx;
}

void render_template(const std::string& source) {
    try {
        peng::jinja::Template t(source, "fuzz");
        t.render(context());
    } catch (const peng::Error&) {
    }
}

void render_messages(std::string_view text) {
    Json messages = Json::parse(text.begin(), text.end(), nullptr, false);
    if (messages.is_discarded()) return;
    static const peng::ChatTemplate templates[] = {peng::ChatTemplate::builtin("mimo-v2.6"),
                                                   peng::ChatTemplate::builtin("mimo-v2.5")};
    for (const auto& t : templates) {
        try {
            t.render(messages, context()["tools"], true, false);
        } catch (const peng::Error&) {
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const uint8_t mode = data[0] % 3;
    ++data;
    --size;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    switch (mode) {
        case 0:
            render_template(std::string(rest));
            break;
        case 1: {
            if (size < 4) break;
            std::string base(peng::builtin_template((data[0] & 1) ? "mimo-v2.5" : "mimo-v2.6"));
            size_t at = (data[1] << 8 | data[2]) * base.size() / 65536;
            size_t erase = std::min<size_t>(data[3], base.size() - at);
            base.replace(at, erase, rest.substr(4));
            render_template(base);
            break;
        }
        case 2:
            render_messages(rest);
            break;
    }
    return 0;
}
