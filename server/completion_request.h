#pragma once
// POST /v1/completions, read and checked: the prompt as text (every special token in
// it recognised, as a raw prompt written by hand means them) or as token ids, and the
// fields every generation shares. One prompt per request.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/generation_params.h"

namespace peng::server {

struct CompletionParams {
    GenerationParams generation;
    bool has_ids = false;
    std::string prompt_text;
    std::vector<int> prompt_ids;
    // The answer's text begins with the prompt's; with logprobs, its tokens come first
    // (the first with null). With max_tokens 0 nothing is generated: the prompt is scored.
    bool echo = false;
};

// Throws RequestError (400) naming the field at fault; ids are checked against the
// vocabulary later, when the model is known.
CompletionParams read_completion_request(const nlohmann::ordered_json& body);

}  // namespace peng::server
