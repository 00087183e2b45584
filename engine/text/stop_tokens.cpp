#include "text/stop_tokens.h"

#include "text/tokenizer.h"

namespace peng {

std::set<int> stop_token_ids(const Tokenizer* tokenizer, const GenerationConfig& generation) {
    std::set<int> ids(generation.eos_token_ids.begin(), generation.eos_token_ids.end());
    if (tokenizer)
        for (const char* name : {"<|im_end|>", "<|endoftext|>"})
            if (auto id = tokenizer->token_id(name)) ids.insert(*id);
    return ids;
}

}  // namespace peng
