#pragma once
// OpenAI-style chat messages from a JSON file: [{"role": ..., "content": ...}, ...].
#include <string>

#include <nlohmann/json.hpp>

namespace peng::cli {

// Throws peng::Error naming the file and the message at fault.
nlohmann::ordered_json read_messages_file(const std::string& path);

// The same checks for messages from elsewhere; `origin` names them in errors ("FILE:3").
void check_messages(const nlohmann::ordered_json& messages, const std::string& origin);

}  // namespace peng::cli
