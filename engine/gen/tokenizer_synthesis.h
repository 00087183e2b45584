#pragma once
// tokenizer.json / tokenizer_config.json for generated checkpoints: a small
// Hugging Face byte-level BPE in the Qwen2 layout MiMo uses (spec 6), with
// MiMo's special tokens in their release order. A real tokenizer.json can be
// used instead (--tokenizer).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gen/preset.h"

namespace peng::gen {

struct TokenizerFiles {
    std::string tokenizer_json;
    std::string tokenizer_config_json;  // empty: write one with make_tokenizer_config
    std::map<std::string, int> added_token_ids;  // content -> id
    int id_count = 0;                            // 1 + the largest id
    std::string source;                          // for progress output
    std::vector<int> word_token_ids;             // generated only: ids of whole-word tokens

    // The id of an added token; throws peng::Error naming the token if absent.
    int id_of(const std::string& content) const;
    std::optional<int> find(const std::string& content) const;
};

TokenizerFiles synthesize_tokenizer(TokenizerStyle style);

// Copies a real tokenizer.json (and the tokenizer_config.json beside it, if any).
// Throws peng::Error naming the file if it cannot be read or parsed.
TokenizerFiles load_tokenizer(const std::string& tokenizer_json_path);

// A Qwen2-style tokenizer_config.json listing the added tokens. The V2.5
// release carries its chat template here; pass it to embed it.
std::string make_tokenizer_config(const TokenizerFiles& tokenizer, const std::string& chat_template);

}  // namespace peng::gen
