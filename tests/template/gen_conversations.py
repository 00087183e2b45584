#!/usr/bin/python3
"""Writes conversations.json, the corpus the chat-template reference tests render.

    /usr/bin/python3 tests/template/gen_conversations.py

Each entry: {"name", "messages", "tools"?, "extra"?}. The corpus avoids values
on which the two references cannot agree because JavaScript has one number
type: integral floats (1.0 reads back as 1), floats Python writes with an
exponent (1e-05, 1e+16) and integers beyond 2**53. Peng follows Python there;
unit tests cover those cases.
"""
import json
from pathlib import Path

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "City name, e.g. Paris"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"},
            },
            "required": ["city"],
        },
    },
}

SEARCH = {
    "type": "function",
    "function": {
        "name": "search",
        "description": "  Search the web.\nReturns the top results.  ",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "max_results": {"type": "integer", "minimum": 1, "maximum": 50, "default": 5},
                "filters": {
                    "type": "object",
                    "properties": {"site": {"type": "string"}, "after": {"type": ["string", "null"]}},
                },
                "lang": {"type": "array", "items": {"type": "string"}, "description": "Languages"},
                "safe": {"type": "boolean"},
                "threshold": {"type": "number", "minimum": 0.25},
            },
            "required": ["query"],
        },
    },
}

RUN_CODE = {
    "type": "function",
    "function": {
        "name": "run_python",
        "description": "Run Python code and return stdout.",
        "parameters": {
            "type": "object",
            "properties": {"code": {"type": "string", "description": "Source code"}},
            "required": ["code"],
        },
    },
}

NO_PARAMS = {"type": "function", "function": {"name": "get_time", "description": "Current UTC time."}}
EMPTY_PROPS = {"type": "function", "function": {"name": "noop", "parameters": {"type": "object", "properties": {}}}}
FLAT_TOOL = {"name": "calculator", "description": "Evaluate an arithmetic expression.",
             "parameters": {"type": "object", "properties": {"expr": {"type": "string"}}, "required": ["expr"]}}
UNICODE_TOOL = {"type": "function", "function": {
    "name": "traducir", "description": "Traduce texto — 翻译文本 ✓",
    "parameters": {"type": "object", "properties": {"texto": {"type": "string", "description": "El texto «original»"},
                                                    "目标语言": {"type": "string"}}}}}


def user(text):
    return {"role": "user", "content": text}


def assistant(text, reasoning=None, calls=None, **extra):
    m = {"role": "assistant", "content": text}
    if reasoning is not None:
        m["reasoning_content"] = reasoning
    if calls is not None:
        m["tool_calls"] = calls
    m.update(extra)
    return m


def call(name, arguments, call_id=None):
    c = {"type": "function", "function": {"name": name, "arguments": arguments}}
    if call_id:
        c["id"] = call_id
    return c


def tool(text, call_id=None, name=None):
    m = {"role": "tool", "content": text}
    if call_id:
        m["tool_call_id"] = call_id
    if name:
        m["name"] = name
    return m


def conversations():
    c = []

    def add(name, messages, tools=None, extra=None):
        entry = {"name": name, "messages": messages}
        if tools is not None:
            entry["tools"] = tools
        if extra is not None:
            entry["extra"] = extra
        c.append(entry)

    add("single user turn", [user("Hi")])
    add("empty conversation", [])
    add("system prompt", [{"role": "system", "content": "You are a terse assistant."}, user("What is 2+2?")])
    add("empty system prompt", [{"role": "system", "content": ""}, user("Hello")])
    add("two turns", [user("Hi"), assistant("Hello! How can I help?"), user("Tell me a joke.")])
    add("several turns with system", [
        {"role": "system", "content": "Answer in French."}, user("Hello"), assistant("Bonjour !"),
        user("How are you?"), assistant("Très bien, merci."), user("Goodbye")])
    add("assistant last", [user("Hi"), assistant("Hello there.")])
    add("reasoning content", [user("Is 17 prime?"), assistant("Yes, 17 is prime.", reasoning="17 has no divisors besides 1 and itself.")])
    add("reasoning over several turns", [
        user("2+2?"), assistant("4", reasoning="Simple addition."), user("times 3?"),
        assistant("12", reasoning="4*3 = 12."), user("minus 5?")])
    add("empty reasoning string", [user("Hi"), assistant("Hello", reasoning="")])
    add("null reasoning", [user("Hi"), assistant("Hello", reasoning=None, reasoning_content=None)])
    add("multiline reasoning", [user("Plan a trip"), assistant("Here is a plan.", reasoning="Step 1: pick dates.\nStep 2: book.\n\nDone.")])
    add("think tags inside content", [user("Why?"), assistant("<think>Let me think.</think>Because.")])
    add("one tool, no call", [user("Weather in Paris?")], tools=[WEATHER])
    add("several tools", [user("Find news about MiMo")], tools=[WEATHER, SEARCH, RUN_CODE])
    add("tools with system prompt", [{"role": "system", "content": "Use tools when needed."}, user("Weather?")],
        tools=[WEATHER, SEARCH])
    add("tool without parameters", [user("What time is it?")], tools=[NO_PARAMS, EMPTY_PROPS])
    add("flat tool schema", [user("What is 6*7?")], tools=[FLAT_TOOL])
    add("unicode tool schema", [user("Traduce 'hola'")], tools=[UNICODE_TOOL])
    add("empty tools list", [user("Hi")], tools=[])
    add("tool call with string argument", [
        user("Weather in Paris?"), assistant("", calls=[call("get_weather", {"city": "Paris"})])], tools=[WEATHER])
    add("tool call with integer and float arguments", [
        user("Search"), assistant("", calls=[call("search", {"query": "mimo", "max_results": 10, "threshold": 0.75,
                                                             "offset": -3, "ratio": 3.14159, "big": 9007199254740991})])],
        tools=[SEARCH])
    add("tool call with boolean and null arguments", [
        user("Search safely"), assistant("", calls=[call("search", {"query": "x", "safe": True, "strict": False, "after": None})])],
        tools=[SEARCH])
    add("tool call with object argument", [
        user("Search a site"), assistant("", calls=[call("search", {"query": "llm", "filters": {"site": "example.org", "after": "2025-01-01", "nested": {"a": [1, 2], "b": {}}}})])],
        tools=[SEARCH])
    add("tool call with array arguments", [
        user("Search in two languages"), assistant("", calls=[call("search", {"query": "ai", "lang": ["en", "zh"], "empty": [], "mixed": [1, "two", 3.5, True, None, {"k": "v"}]})])],
        tools=[SEARCH])
    add("tool call with arguments as a JSON string", [
        user("Weather?"), assistant(None, calls=[call("get_weather", '{"city": "Tokyo", "unit": "celsius"}')])], tools=[WEATHER])
    add("tool call with empty arguments", [user("Time?"), assistant("", calls=[call("get_time", {})])], tools=[NO_PARAMS])
    add("tool call with null content", [
        user("Weather in Rome?"), assistant(None, calls=[call("get_weather", {"city": "Rome"}, "call_1")])], tools=[WEATHER])
    add("content and tool call", [
        user("Weather in Oslo?"), assistant("Let me check.", reasoning="Need the weather tool.", calls=[call("get_weather", {"city": "Oslo", "unit": "celsius"})])],
        tools=[WEATHER])
    add("two tool calls in one turn", [
        user("Weather in Paris and Berlin?"),
        assistant("", calls=[call("get_weather", {"city": "Paris"}, "a"), call("get_weather", {"city": "Berlin"}, "b")])],
        tools=[WEATHER])
    add("tool call without function wrapper", [
        user("Calc"), assistant("", calls=[{"name": "calculator", "arguments": {"expr": "6*7"}}])], tools=[FLAT_TOOL])
    add("custom tool call with input", [
        user("Patch it"), assistant("", calls=[{"type": "custom", "custom": {"name": "apply_patch", "input": "*** Begin Patch\n+x\n*** End Patch"}}])])
    add("empty tool_calls list", [user("Hi"), assistant("Hello", calls=[])])
    add("tool result", [
        user("Weather in Paris?"), assistant("", calls=[call("get_weather", {"city": "Paris"}, "c1")]),
        tool('{"temp": 21, "sky": "clear"}', "c1"), ], tools=[WEATHER])
    add("tool result then answer", [
        user("Weather in Paris?"), assistant("", calls=[call("get_weather", {"city": "Paris"}, "c1")]),
        tool("21 C, clear", "c1", "get_weather"), assistant("It is 21 °C and clear in Paris."), user("Thanks!")], tools=[WEATHER])
    add("several tool results in a row", [
        user("Weather in Paris and Berlin?"),
        assistant("", calls=[call("get_weather", {"city": "Paris"}, "a"), call("get_weather", {"city": "Berlin"}, "b")]),
        tool("Paris: 21 C", "a"), tool("Berlin: 15 C", "b"), assistant("Paris is warmer.")], tools=[WEATHER])
    add("interleaved thinking and tools", [
        user("Compute 2**10 then search it"),
        assistant("", reasoning="Run code first.", calls=[call("run_python", {"code": "print(2**10)"})]),
        tool("1024"),
        assistant("", reasoning="Now search.", calls=[call("search", {"query": "1024", "max_results": 3})]),
        tool("1024 is 2 to the 10th."),
        assistant("2**10 = 1024.", reasoning="Summarise.")], tools=[RUN_CODE, SEARCH])
    add("tool result as parts", [
        user("Run it"), assistant("", calls=[call("run_python", {"code": "print('hi')"})]),
        {"role": "tool", "content": [{"type": "text", "text": "hi\n"}]}], tools=[RUN_CODE])
    add("content as text parts", [{"role": "user", "content": [{"type": "text", "text": "Describe "}, {"type": "text", "text": "this."}]}])
    add("system as parts", [{"role": "system", "content": [{"type": "text", "text": "Be brief."}]}, user("Hi")])
    add("assistant content as parts", [user("Hi"), {"role": "assistant", "content": [{"type": "text", "text": "Hello"}, {"type": "text", "text": " there"}]}])
    add("image audio video parts", [{"role": "user", "content": [
        {"type": "image", "image": "cat.png"}, {"type": "text", "text": "What is this?"},
        {"type": "image_url", "image_url": {"url": "http://x/y.jpg"}}, {"type": "audio", "audio": "a.wav"},
        {"type": "input_audio", "input_audio": {"data": "...", "format": "wav"}}, {"type": "video", "video": "v.mp4"}]}])
    add("string and number parts", [{"role": "user", "content": ["plain string part ", 42, {"type": "text", "text": " end"}]}])
    add("empty parts list", [{"role": "user", "content": []}, assistant("?")])
    add("unicode text", [user("你好，世界！こんにちは 🌍🚀 Ünïcödé — «quotes» ‘single’"), assistant("مرحبا بالعالم · שלום · नमस्ते")])
    add("emoji sequences", [user("Family: 👨‍👩‍👧‍👦 flags: 🇫🇷🇯🇵 skin: 👍🏽"), assistant("👌")])
    add("unicode in tool arguments", [
        user("Traduce"), assistant("", calls=[call("traducir", {"texto": "¿Qué tal? 😀", "目标语言": "中文", "notes": ["naïve", "café"]})])],
        tools=[UNICODE_TOOL])
    add("json escapes in tool arguments", [
        user("Escape test"), assistant("", calls=[call("run_python", {"code": "print(\"a\\tb\")\n", "meta": {"quote": "\"", "backslash": "\\", "newline": "\n", "tab": "\t", "ctrl": "\u0001\u001f", "del": "\u007f", "slash": "/"}})])],
        tools=[RUN_CODE])
    add("template syntax inside content", [user("Render {{ x }} and {% if y %} literally {# not a comment #}"), assistant("Sure: {{ x }}")])
    add("special tokens inside content", [user("What does <|im_end|> mean?"), assistant("It ends a turn: <|im_end|><|im_start|>")])
    add("whitespace heavy content", [user("  \n\n  leading and trailing  \n\t"), assistant("\n\nanswer\n\n"), user(" ")])
    add("empty content", [user(""), assistant(""), user("")])
    add("developer role", [{"role": "developer", "content": "Internal note."}, user("Hi")])
    add("system message in the middle", [user("Hi"), assistant("Hello"), {"role": "system", "content": "Switch to Spanish."}, user("How are you?")])
    add("per-message tools on user", [{"role": "user", "content": "Use these", "tools": [WEATHER]}])
    add("per-message tools on empty system", [{"role": "system", "content": "", "tools": [RUN_CODE, NO_PARAMS]}, user("Go")])
    add("message with name field", [{"role": "user", "content": "Hi", "name": "alice"}, assistant("Hi Alice")])
    add("keep_all_reasoning false", [
        user("first"), assistant("one", reasoning="r1"), user("second"), assistant("two", reasoning="r2"),
        user("third"), assistant("three", reasoning="r3")], extra={"keep_all_reasoning": False})
    add("keep_all_reasoning true explicit", [user("q"), assistant("a", reasoning="r"), user("q2")], extra={"keep_all_reasoning": True})
    long = []
    for i in range(20):
        long.append(user(f"Question number {i}?"))
        long.append(assistant(f"Answer number {i}.", reasoning=f"Thinking about {i}." if i % 3 == 0 else None))
    add("twenty turns", long)
    add("long content", [user("lorem ipsum dolor sit amet " * 200), assistant("ok")])
    add("numbers as text", [user("3.0 and 1e5 and 10000000000000000"), assistant("noted")])
    return c


def main():
    out = Path(__file__).with_name("conversations.json")
    data = conversations()
    out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(data)} conversations)")


if __name__ == "__main__":
    main()
