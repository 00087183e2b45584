#pragma once
// Splits what MiMo writes, as it streams, into the three parts an OpenAI client
// expects: the thinking (`reasoning_content`, as vLLM and SGLang return it for
// reasoning models), the answer (`content`) and tool calls (`tool_calls`).
//
// MiMo's output, after the chat template's generation prompt:
//   [<think>REASONING</think>] CONTENT
//   [<tool_call><function=NAME><parameter=ARG>VALUE</parameter>...</function></tool_call>]...
// The thinking block comes first or not at all (with enable_thinking false the prompt
// already holds an empty one). A tool call's VALUE is raw text (the template writes
// strings as they are and other values as JSON); it is converted back by the JSON
// schema type the request's tool gave that parameter. Text that may be the start of
// a tag is held back until the next piece tells, so no tag ever leaks into content.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace peng::server {

struct ParsedToolCall {
    int index = 0;                        // its place among this reply's tool calls
    std::string id;                       // "call_" + a unique suffix
    std::string name;
    nlohmann::ordered_json arguments;     // always an object
};

// What one piece of output added.
struct ReplyDelta {
    std::string reasoning;
    std::string content;
    std::vector<ParsedToolCall> tool_calls;   // calls that closed in this piece
    bool empty() const { return reasoning.empty() && content.empty() && tool_calls.empty(); }
};

class ReplyParser {
public:
    // `thinking`: the prompt lets the model think (its output may open with <think>).
    // `tools`: the request's OpenAI `tools` array (null or empty: tool-call tags are
    // plain content). `id_prefix` makes tool-call ids unique across replies.
    ReplyParser(bool thinking, const nlohmann::ordered_json& tools, std::string id_prefix);

    // The next piece of output text (any split, even inside a UTF-8 character or tag).
    ReplyDelta feed(std::string_view text);
    // The output ended: flushes what was held back. A tool call that never closed is
    // returned as content, as written; an unclosed thinking block stays reasoning.
    ReplyDelta finish();

    // Totals so far, for non-streaming responses.
    const std::string& reasoning() const;
    const std::string& content() const;
    const std::vector<ParsedToolCall>& tool_calls() const;

private:
    // Where the parser is in the reply's grammar.
    enum class State {
        Start,      // thinking allowed, nothing decided yet: is the first thing <think>?
        Reasoning,  // inside <think>, until </think>
        Content,    // the answer, where <tool_call> may open a call
        ToolCall,   // after <tool_call>, until </tool_call>
    };
    // Moves as much of pending_ as can be decided into `delta` (all of it at the end).
    void process(ReplyDelta& delta, bool at_end);
    void emit_reasoning(ReplyDelta& delta, std::string_view text);
    void emit_content(ReplyDelta& delta, std::string_view text);
    // pending_ begins with a whole <tool_call>...</tool_call> of `length` bytes.
    void close_tool_call(ReplyDelta& delta, size_t length);

    nlohmann::ordered_json tools_;
    bool tools_enabled_ = false;
    std::string id_prefix_;
    State state_ = State::Content;
    std::string pending_;       // output not yet given out
    size_t call_scan_from_ = 0;  // in ToolCall: where the search for </tool_call> resumes
    std::string reasoning_;
    std::string content_;
    std::vector<ParsedToolCall> tool_calls_;
};

// The JSON schema `type` of tool `name`'s parameter `arg` ("" when not declared);
// a type list gives its first non-"null" entry, anyOf / oneOf their first alternative
// of a type other than "null".
std::string parameter_type(const nlohmann::ordered_json& tools, const std::string& name, const std::string& arg);
// VALUE text back to JSON by schema type: "string" (and undeclared) stay strings;
// integer, number, boolean, null, object and array are parsed as JSON and kept as
// the original string when the text is not of that type.
nlohmann::ordered_json convert_parameter(const std::string& text, const std::string& type);

}  // namespace peng::server
