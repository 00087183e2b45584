#include "server/generation_params.h"

#include "server/request_error.h"

namespace peng::server {

namespace {

constexpr int kMaxStopStrings = 16;
constexpr int kMaxAnswerTokens = 1 << 30;

std::vector<std::string> read_stop(const RequestFields& fields) {
    const nlohmann::ordered_json* stop = fields.find("stop");
    if (!stop) return {};
    const std::string path = fields.path_of("stop");
    std::vector<std::string> strings;
    if (stop->is_string()) {
        strings.push_back(stop->get<std::string>());
    } else if (stop->is_array()) {
        if (stop->size() > kMaxStopStrings)
            throw RequestError(400, "'stop' may hold at most " + std::to_string(kMaxStopStrings) + " strings", path);
        for (size_t i = 0; i < stop->size(); ++i) {
            if (!(*stop)[i].is_string())
                throw RequestError(400, "'stop[" + std::to_string(i) + "]' must be a string",
                                   "stop[" + std::to_string(i) + "]");
            strings.push_back((*stop)[i].get<std::string>());
        }
    } else {
        throw RequestError(400, "'stop' must be a string or an array of strings", path);
    }
    for (const std::string& s : strings)
        if (s.empty()) throw RequestError(400, "'stop' strings must not be empty", path);
    return strings;
}

// Accepted only at the value that asks for nothing.
void refuse_unless(const RequestFields& fields, const std::string& key, const nlohmann::ordered_json& neutral,
                   const std::string& why) {
    const nlohmann::ordered_json* value = fields.find(key);
    if (value && *value != neutral) throw RequestError(400, "'" + key + "' is not supported: " + why, key);
}

}  // namespace

GenerationParams read_generation_params(const RequestFields& fields, bool zero_tokens) {
    GenerationParams p;
    p.model = fields.string("model").value_or("");
    p.stream = fields.boolean("stream").value_or(false);
    if (const nlohmann::ordered_json* options = fields.object("stream_options")) {
        const RequestFields stream_options(*options, "stream_options");
        p.include_usage = stream_options.boolean("include_usage").value_or(false);
    }
    const int fewest = zero_tokens ? 0 : 1;
    std::optional<int64_t> max_tokens = fields.integer("max_completion_tokens", fewest, kMaxAnswerTokens);
    if (!max_tokens) max_tokens = fields.integer("max_tokens", fewest, kMaxAnswerTokens);
    if (max_tokens) p.max_tokens = int(*max_tokens);
    p.temperature = fields.number("temperature", 0, 2);
    p.top_p = fields.number("top_p", 0, 1);
    if (p.top_p && *p.top_p <= 0) throw RequestError(400, "'top_p' must be greater than 0", "top_p");
    if (const std::optional<int64_t> top_k = fields.integer("top_k", -1, 1 << 30)) p.top_k = int(std::max<int64_t>(0, *top_k));
    if (const std::optional<int64_t> seed = fields.integer("seed", INT64_MIN, INT64_MAX)) p.seed = uint64_t(*seed);
    p.stop = read_stop(fields);
    p.return_routed_experts = fields.boolean("return_routed_experts").value_or(false);
    p.routed_experts_start_len = int(fields.integer("routed_experts_start_len", 0, INT32_MAX).value_or(0));
    p.return_token_ids = fields.boolean("return_token_ids").value_or(false);

    refuse_unless(fields, "n", 1, "Peng generates one choice per request (n = 1)");
    refuse_unless(fields, "best_of", 1, "Peng generates one choice per request");
    refuse_unless(fields, "frequency_penalty", 0, "Peng samples without penalties");
    refuse_unless(fields, "presence_penalty", 0, "Peng samples without penalties");
    refuse_unless(fields, "logit_bias", nlohmann::ordered_json::object(), "Peng samples without logit biases");
    return p;
}

}  // namespace peng::server
