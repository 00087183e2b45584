#pragma once
// Internal: everything a loaded tokenizer.json turns into. Shared (read-only)
// by Tokenizer copies and StreamDecoders.
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "text/added_tokens.h"
#include "text/bpe.h"
#include "text/normalizer.h"
#include "text/pre_tokenizer.h"

namespace peng::detail {

struct TokenEntry {
    enum Kind : unsigned char { Undefined, Vocab, Added } kind = Undefined;
    std::string spelling;  // as written in the file
    std::string bytes;     // what the token decodes to
};

struct TokenizerData {
    std::string origin;
    std::unique_ptr<Normalizer> normalizer;  // null when the file declares none
    std::unique_ptr<PreTokenizer> pre_tokenizer;
    std::unique_ptr<BpeModel> bpe;
    AddedTokenMatcher raw_added;         // matched on the input as given
    AddedTokenMatcher normalized_added;  // matched after normalization
    // The same less the tokens flagged "special": for text that must not contain
    // control tokens (message contents inside a chat prompt).
    AddedTokenMatcher raw_added_plain;
    AddedTokenMatcher normalized_added_plain;
    std::vector<std::string> special_texts;  // contents of the "special" added tokens
    std::vector<TokenEntry> tokens;      // by id; size() is the vocab size
    std::unordered_map<std::string, int> ids_by_spelling;

    const TokenEntry& entry(int id) const;  // throws peng::Error for an undefined id
};

// Builds the tables from tokenizer.json text; errors name `origin`.
std::shared_ptr<const TokenizerData> load_tokenizer_json(const std::string& json_text,
                                                         const std::string& origin);

}  // namespace peng::detail
