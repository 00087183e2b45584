#pragma once
// Byte-level BPE tokenizer loaded from a Hugging Face tokenizer.json of the
// GPT-2 / Qwen2 / Qwen3 family. Encoding follows the file: added tokens are cut
// out first (leftmost, longest), the rest is normalized (NFC etc., via ICU),
// split by the pre-tokenizer regex (PCRE2) and merged by BPE rank. No BOS/EOS
// or other post-processor template is added: encode() returns the ids of the
// text itself, like Hugging Face's encode(text, add_special_tokens=False).
//
// Every problem with the file or the input is a peng::Error naming the file and
// what is wrong. Tokenizer objects are cheap to copy (they share the loaded
// tables) and safe to use from several threads at once.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace peng {

namespace detail {
struct TokenizerData;
}

class Tokenizer {
public:
    // Reads and parses `path`; errors name the path.
    static Tokenizer from_file(const std::string& path);
    // Parses tokenizer.json text; errors name `origin_name`.
    static Tokenizer from_json(const std::string& json_text, const std::string& origin_name);

    // Throws peng::Error if `text` is not valid UTF-8 (naming the byte offset).
    std::vector<int> encode(std::string_view text) const;

    // Like encode(), for a prompt in which text from outside the template (message
    // contents, tool results) had each special token's text replaced by a stand-in
    // code point (see text/chat_prompt.h). A stretch holding stand-ins gets its text
    // back and is encoded with "special" added tokens not recognised, as Hugging
    // Face's split_special_tokens does, so a message can mention "<|im_end|>" but
    // never end its turn with it.
    struct StandIn {
        std::string placeholder;  // one UTF-8 code point found nowhere else in the prompt
        std::string text;         // the special token's text it stands for
    };
    std::vector<int> encode_with_stand_ins(std::string_view text, const std::vector<StandIn>& stand_ins) const;
    // The contents of the added tokens flagged "special" (control tokens such as <|im_end|>).
    const std::vector<std::string>& special_token_texts() const;

    // Concatenates the tokens' bytes; byte sequences that are not valid UTF-8
    // (possible for arbitrary id lists) become U+FFFD, as in Hugging Face.
    // Throws peng::Error for an id the tokenizer does not define.
    std::string decode(const std::vector<int>& ids) const;

    // Id of a token by its vocabulary spelling (e.g. "<|im_end|>", or "Ġthe"
    // for " the"); added tokens take precedence over the model vocabulary.
    std::optional<int> token_id(std::string_view token_string) const;
    // The vocabulary spelling of `id` (added tokens: their content). Throws for an undefined id.
    std::string token_string(int id) const;
    // The bytes `id` decodes to (a token may hold part of a UTF-8 character). Throws
    // for an undefined id.
    std::string token_bytes(int id) const;
    // Number of ids the tokenizer defines: max id + 1.
    int vocab_size() const;

private:
    friend class StreamDecoder;
    explicit Tokenizer(std::shared_ptr<const detail::TokenizerData> data);
    std::shared_ptr<const detail::TokenizerData> data_;
};

// Turns a stream of generated ids into text without ever splitting a UTF-8
// character: bytes of an incomplete character are held until the next push.
// The concatenation of every push() and a final flush() equals decode(all ids).
class StreamDecoder {
public:
    explicit StreamDecoder(const Tokenizer& tokenizer);
    // New complete text after adding `id` (may be empty). Throws for an undefined id.
    std::string push(int id);
    // Whatever is still held, as U+FFFD if it never became a valid character.
    std::string flush();

private:
    std::shared_ptr<const detail::TokenizerData> data_;
    std::string pending_;
};

}  // namespace peng
