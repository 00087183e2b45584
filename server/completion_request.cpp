#include "server/completion_request.h"

#include "sampling/logprobs.h"
#include "server/request_error.h"

namespace peng::server {

namespace {

using Json = nlohmann::ordered_json;

bool is_id_list(const Json& value) {
    if (!value.is_array() || value.empty()) return false;
    for (const Json& id : value)
        if (!id.is_number_integer()) return false;
    return true;
}

}  // namespace

CompletionParams read_completion_request(const nlohmann::ordered_json& body) {
    const RequestFields fields(body, "");
    CompletionParams c;
    c.echo = fields.boolean("echo").value_or(false);
    c.generation = read_generation_params(fields, c.echo);
    c.generation.logprobs = int(fields.integer("logprobs", 0, kMaxTopLogprobs).value_or(-1));
    if (fields.find("top_logprobs"))
        throw RequestError(400, "'top_logprobs' belongs to chat completions: /v1/completions takes 'logprobs': N",
                           "top_logprobs");
    if (fields.string("suffix")) throw RequestError(400, "'suffix' is not supported (no fill-in-the-middle)", "suffix");

    const Json* prompt = fields.find("prompt");
    if (!prompt) throw RequestError(400, "'prompt' is required", "prompt");
    // OpenAI also takes a batch: a list of one string or one id list is read as that prompt.
    const Json* one = prompt;
    if (prompt->is_array() && prompt->size() == 1 && ((*prompt)[0].is_string() || (*prompt)[0].is_array()))
        one = &(*prompt)[0];
    if (one->is_string()) {
        c.prompt_text = one->get<std::string>();
        if (c.prompt_text.empty()) throw RequestError(400, "'prompt' is empty", "prompt");
    } else if (is_id_list(*one)) {
        c.has_ids = true;
        for (const Json& id : *one) {
            if (!id.is_number_integer() || id.get<int64_t>() < 0 || id.get<int64_t>() > INT32_MAX)
                throw RequestError(400, "'prompt' token ids must be non-negative integers", "prompt");
            c.prompt_ids.push_back(int(id.get<int64_t>()));
        }
    } else if (prompt->is_array() && prompt->size() > 1 && ((*prompt)[0].is_string() || (*prompt)[0].is_array())) {
        throw RequestError(400, "'prompt' holds several prompts; Peng answers one prompt per request", "prompt");
    } else {
        throw RequestError(400, "'prompt' must be a string or a non-empty array of token ids", "prompt");
    }
    return c;
}

}  // namespace peng::server
