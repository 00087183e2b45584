#include "text/tokenizer.h"

#include "io/file.h"
#include "text/tokenizer_data.h"
#include "text/utf8.h"
#include "util/error.h"

namespace peng {

Tokenizer::Tokenizer(std::shared_ptr<const detail::TokenizerData> data) : data_(std::move(data)) {}

Tokenizer Tokenizer::from_file(const std::string& path) {
    return from_json(read_text_file(path), path);  // a regular file only: a FIFO never blocks
}

Tokenizer Tokenizer::from_json(const std::string& json_text, const std::string& origin_name) {
    return Tokenizer(detail::load_tokenizer_json(json_text, origin_name));
}

std::vector<int> Tokenizer::encode(std::string_view text) const {
    size_t bad = utf8::first_invalid_byte(text);
    if (bad != std::string_view::npos) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
        throw Error("text to encode is not valid UTF-8: byte " + std::string(hex) + " at offset " +
                    std::to_string(bad));
    }
    const detail::TokenizerData& d = *data_;
    std::vector<int> ids;
    ids.reserve(text.size() / 3 + 4);
    auto push_token = [&](int id) { ids.push_back(id); };
    auto encode_words = [&](std::string_view piece) {
        d.pre_tokenizer->split(piece, [&](std::string_view word) { d.bpe->encode_word(word, ids); });
    };
    auto encode_section = [&](std::string_view raw) {
        if (!d.normalizer) {
            d.normalized_added.split(raw, encode_words, push_token);
            return;
        }
        std::string normalized = d.normalizer->apply(raw);
        d.normalized_added.split(normalized, encode_words, push_token);
    };
    d.raw_added.split(text, encode_section, push_token);
    return ids;
}

std::string Tokenizer::decode(const std::vector<int>& ids) const {
    std::string bytes;
    for (int id : ids) bytes += data_->entry(id).bytes;
    if (utf8::first_invalid_byte(bytes) == std::string::npos) return bytes;
    std::string text;
    utf8::append_lossy(text, bytes);
    return text;
}

std::optional<int> Tokenizer::token_id(std::string_view token_string) const {
    auto it = data_->ids_by_spelling.find(std::string(token_string));
    if (it == data_->ids_by_spelling.end()) return std::nullopt;
    return it->second;
}

std::string Tokenizer::token_string(int id) const { return data_->entry(id).spelling; }

int Tokenizer::vocab_size() const { return static_cast<int>(data_->tokens.size()); }

StreamDecoder::StreamDecoder(const Tokenizer& tokenizer) : data_(tokenizer.data_) {}

std::string StreamDecoder::push(int id) {
    pending_ += data_->entry(id).bytes;
    size_t complete = utf8::complete_prefix_length(pending_);
    std::string text;
    utf8::append_lossy(text, std::string_view(pending_).substr(0, complete));
    pending_.erase(0, complete);
    return text;
}

std::string StreamDecoder::flush() {
    std::string text;
    utf8::append_lossy(text, pending_);
    pending_.clear();
    return text;
}

}  // namespace peng
