// The streaming split of MiMo's output into reasoning, content and tool calls.
//
// Rules (vLLM's Qwen3 reasoning parser likewise leaves output without think tags
// as content):
// - Thinking is only recognised as a <think> block at the very start of the output,
//   and only when the prompt let the model think. With thinking off the prompt already
//   ended with an empty <think></think>, so everything the model writes is the
//   answer, a stray <think> block included.
// - Tool calls are only recognised in the answer (not inside the thinking) and only
//   when the request declared tools; otherwise their tags are plain text.
// - A call runs from <tool_call> to the first </tool_call> after it (so a VALUE
//   cannot hold </tool_call>). When what lies between does not follow the grammar of
//   tool_call_markup.h, the whole <tool_call>...</tool_call> is given out as content,
//   byte for byte; so is a call still open when the output ends.
#include "server/reply_parser.h"

#include <algorithm>

#include "server/tool_call_markup.h"

namespace peng::server {

namespace {

constexpr std::string_view kThinkOpen = "<think>";
constexpr std::string_view kThinkClose = "</think>";
constexpr std::string_view kToolCallOpen = "<tool_call>";
constexpr std::string_view kToolCallClose = "</tool_call>";

// How many bytes at the end of `text` could be the start of `tag` (shorter than it).
size_t tag_prefix_at_end(std::string_view text, std::string_view tag) {
    for (size_t length = std::min(text.size(), tag.size() - 1); length > 0; --length)
        if (text.substr(text.size() - length) == tag.substr(0, length)) return length;
    return 0;
}

// How many bytes at the end of `text` are a UTF-8 character still missing bytes.
size_t incomplete_utf8_at_end(std::string_view text) {
    for (size_t back = 1; back <= std::min<size_t>(3, text.size()); ++back) {
        auto byte = static_cast<unsigned char>(text[text.size() - back]);
        if ((byte & 0xC0) == 0x80) continue;  // a continuation byte: look further back
        if (byte < 0xC0) return 0;            // ASCII (or a stray byte): nothing pending
        size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
        return length > back ? back : 0;
    }
    return 0;
}

// What must stay pending at the end of `text`: a possible start of `tag` (none when
// `tag` is empty) or a partial character. Tags are ASCII, so at most one applies.
size_t undecided_tail(std::string_view text, std::string_view tag) {
    size_t tag_part = tag.empty() ? 0 : tag_prefix_at_end(text, tag);
    return std::max(tag_part, incomplete_utf8_at_end(text));
}

}  // namespace

ReplyParser::ReplyParser(bool thinking, const nlohmann::ordered_json& tools, std::string id_prefix)
    : tools_(tools),
      tools_enabled_(tools.is_array() && !tools.empty()),
      id_prefix_(std::move(id_prefix)),
      state_(thinking ? State::Start : State::Content) {}

ReplyDelta ReplyParser::feed(std::string_view text) {
    ReplyDelta delta;
    pending_.append(text);
    process(delta, false);
    return delta;
}

ReplyDelta ReplyParser::finish() {
    ReplyDelta delta;
    process(delta, true);
    return delta;
}

const std::string& ReplyParser::reasoning() const { return reasoning_; }
const std::string& ReplyParser::content() const { return content_; }
const std::vector<ParsedToolCall>& ReplyParser::tool_calls() const { return tool_calls_; }

void ReplyParser::process(ReplyDelta& delta, bool at_end) {
    for (;;) {
        std::string_view text = pending_;
        switch (state_) {
        case State::Start:
            if (text.substr(0, kThinkOpen.size()) == kThinkOpen) {
                pending_.erase(0, kThinkOpen.size());
                state_ = State::Reasoning;
                continue;
            }
            if (!at_end && kThinkOpen.substr(0, text.size()) == text) return;  // may still become <think>
            state_ = State::Content;
            continue;
        case State::Reasoning:
        case State::Content: {
            bool reasoning = state_ == State::Reasoning;
            std::string_view tag = reasoning ? kThinkClose : tools_enabled_ ? kToolCallOpen : std::string_view();
            size_t found = tag.empty() ? std::string_view::npos : text.find(tag);
            size_t ready = found != std::string_view::npos ? found
                           : at_end                        ? text.size()
                                                           : text.size() - undecided_tail(text, tag);
            if (reasoning) emit_reasoning(delta, text.substr(0, ready));
            else emit_content(delta, text.substr(0, ready));
            if (found == std::string_view::npos) {
                pending_.erase(0, ready);
                return;
            }
            if (reasoning) {
                pending_.erase(0, found + kThinkClose.size());
                state_ = State::Content;
            } else {
                pending_.erase(0, found);  // the call's text stays pending, tag included
                call_scan_from_ = kToolCallOpen.size();
                state_ = State::ToolCall;
            }
            continue;
        }
        case State::ToolCall: {
            size_t close = text.find(kToolCallClose, call_scan_from_);
            if (close != std::string_view::npos) {
                close_tool_call(delta, close + kToolCallClose.size());
                state_ = State::Content;
                continue;
            }
            if (at_end) {  // never closed: the text as written
                emit_content(delta, text);
                pending_.clear();
                state_ = State::Content;
                return;
            }
            // The next search starts where the close tag could begin at the earliest.
            call_scan_from_ = std::max(call_scan_from_, text.size() - std::min(text.size(), kToolCallClose.size() - 1));
            return;
        }
        }
    }
}

void ReplyParser::close_tool_call(ReplyDelta& delta, size_t length) {
    std::string_view whole = std::string_view(pending_).substr(0, length);
    std::string_view body =
        whole.substr(kToolCallOpen.size(), whole.size() - kToolCallOpen.size() - kToolCallClose.size());
    if (std::optional<ToolCallMarkup> markup = parse_tool_call_markup(body)) {
        ParsedToolCall call;
        call.index = static_cast<int>(tool_calls_.size());
        call.id = "call_" + id_prefix_ + "_" + std::to_string(call.index);
        call.name = markup->name;
        call.arguments = nlohmann::ordered_json::object();
        for (const auto& [arg, value] : markup->parameters)
            call.arguments[arg] = convert_parameter(value, parameter_type(tools_, markup->name, arg));
        tool_calls_.push_back(call);
        delta.tool_calls.push_back(std::move(call));
    } else {
        emit_content(delta, whole);  // malformed: the markup is text, byte for byte
    }
    pending_.erase(0, length);
}

void ReplyParser::emit_reasoning(ReplyDelta& delta, std::string_view text) {
    delta.reasoning.append(text);
    reasoning_.append(text);
}

void ReplyParser::emit_content(ReplyDelta& delta, std::string_view text) {
    delta.content.append(text);
    content_.append(text);
}

}  // namespace peng::server
