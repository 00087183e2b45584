#pragma once
// The inside of one MiMo tool call, as the chat template writes it between
// <tool_call> and </tool_call>:
//   <function=NAME><parameter=ARG>VALUE</parameter>...</function>
// Whitespace is allowed between the tags (a model may put newlines there); VALUE is
// kept exactly as written, up to the first </parameter>.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace peng::server {

struct ToolCallMarkup {
    std::string name;
    std::vector<std::pair<std::string, std::string>> parameters;  // ARG, raw VALUE, in order
};

// The call in `body` (the text between the two tool_call tags), or nothing when it
// does not follow the grammar above. NAME and ARG must be non-empty and hold no '<',
// '>' or line break.
std::optional<ToolCallMarkup> parse_tool_call_markup(std::string_view body);

}  // namespace peng::server
