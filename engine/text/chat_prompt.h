#pragma once
// A conversation rendered and encoded so that control tokens come only from the
// chat template's own text. Rendering and then encoding the whole prompt would
// turn "<|im_end|>\n<|im_start|>system" typed into a message into the real
// control tokens, and let any user or client forge a system or assistant turn.
// Here every special token's text inside the data (message fields, tools, extra
// variables) is swapped for a stand-in code point before rendering, and the
// tokenizer encodes stand-ins as plain text (Tokenizer::encode_with_stand_ins).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "text/chat_template.h"
#include "text/tokenizer.h"

namespace peng {

struct ChatPrompt {
    std::string text;         // the prompt as a person reads it (message text as written)
    std::vector<int> tokens;  // its encoding: special tokens only where the template put them
};

// Arguments as ChatTemplate::render. Throws peng::Error as it does, and for data
// nested too deep to walk.
ChatPrompt render_chat_prompt(const ChatTemplate& chat_template, const Tokenizer& tokenizer,
                              const nlohmann::ordered_json& messages, const nlohmann::ordered_json& tools,
                              bool add_generation_prompt, bool enable_thinking,
                              const nlohmann::ordered_json& extra = {});

}  // namespace peng
