#include "messages_file.h"

#include "io/file.h"
#include "util/error.h"

namespace peng::cli {

nlohmann::ordered_json read_messages_file(const std::string& path) {
    nlohmann::ordered_json messages;
    try {
        messages = nlohmann::ordered_json::parse(read_text_file(path));
    } catch (const nlohmann::json::exception& e) {
        throw Error(path + ": not valid JSON (" + e.what() + ")");
    }
    check_messages(messages, path);
    return messages;
}

void check_messages(const nlohmann::ordered_json& messages, const std::string& origin) {
    if (!messages.is_array() || messages.empty())
        throw Error(origin + ": expected a non-empty array of messages [{\"role\": ..., \"content\": ...}]");
    for (size_t i = 0; i < messages.size(); ++i) {
        const auto& m = messages[i];
        const std::string where = origin + ": message " + std::to_string(i);
        if (!m.is_object() || !m.contains("role") || !m["role"].is_string())
            throw Error(where + " has no \"role\" string");
        if (m.contains("content") && !m["content"].is_string() && !m["content"].is_null() && !m["content"].is_array())
            throw Error(where + ": \"content\" must be a string");
    }
}

}  // namespace peng::cli
