#pragma once
// Which tokens of a rendered conversation the assistant wrote: for evaluation, the
// tokens a model is scored on.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "api/engine.h"

namespace peng::cli {

struct ScoredConversation {
    std::vector<int> tokens;      // the whole conversation through the chat template
    // [begin, end) token ranges the assistant wrote: each assistant message's tokens
    // after the generation prompt ("<|im_start|>assistant\n"), through its end token.
    std::vector<std::pair<size_t, size_t>> assistant;
};

// Renders messages[0..i) with the generation prompt and messages[0..i] without, for
// each assistant message i; its tokens are what the second adds to the first. Throws
// peng::Error (naming `origin`) when there is no assistant message, or when the
// template renders history differently from a live turn (the prefixes disagree), so
// that the tokens cannot be attributed.
ScoredConversation assistant_spans(const Engine& engine, const nlohmann::ordered_json& messages, bool thinking,
                                   const std::string& origin);

}  // namespace peng::cli
