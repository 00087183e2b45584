#pragma once
// The ids that end a generation: the chat end markers found by name in the
// tokenizer, plus whatever generation_config.json lists. No id is hard-coded.
#include <set>

#include "checkpoint/config.h"

namespace peng {

class Tokenizer;

// `tokenizer` may be null (a model without tokenizer.json): then only the config's ids.
std::set<int> stop_token_ids(const Tokenizer* tokenizer, const GenerationConfig& generation);

}  // namespace peng
