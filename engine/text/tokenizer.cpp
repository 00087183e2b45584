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

namespace {

void check_utf8(std::string_view text) {
    size_t bad = utf8::first_invalid_byte(text);
    if (bad == std::string_view::npos) return;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
    throw Error("text to encode is not valid UTF-8: byte " + std::string(hex) + " at offset " + std::to_string(bad));
}

// A stretch between raw-matched added tokens: normalized, then split on the added
// tokens matched after normalization, the rest pre-tokenized and merged by BPE.
void encode_stretch(const detail::TokenizerData& d, std::string_view raw, const detail::AddedTokenMatcher& normalized_added,
                    std::vector<int>& ids) {
    auto push_token = [&](int id) { ids.push_back(id); };
    auto encode_words = [&](std::string_view piece) {
        d.pre_tokenizer->split(piece, [&](std::string_view word) { d.bpe->encode_word(word, ids); });
    };
    if (!d.normalizer) return normalized_added.split(raw, encode_words, push_token);
    normalized_added.split(d.normalizer->apply(raw), encode_words, push_token);
}

}  // namespace

std::vector<int> Tokenizer::encode(std::string_view text) const {
    check_utf8(text);
    const detail::TokenizerData& d = *data_;
    std::vector<int> ids;
    ids.reserve(text.size() / 3 + 4);
    d.raw_added.split(
        text, [&](std::string_view raw) { encode_stretch(d, raw, d.normalized_added, ids); },
        [&](int id) { ids.push_back(id); });
    return ids;
}

std::vector<int> Tokenizer::encode_with_stand_ins(std::string_view text, const std::vector<StandIn>& stand_ins) const {
    check_utf8(text);
    const detail::TokenizerData& d = *data_;
    std::vector<int> ids;
    ids.reserve(text.size() / 3 + 4);
    auto encode_section = [&](std::string_view raw) {
        std::string restored;
        size_t copied = 0;
        for (size_t pos = 0; pos < raw.size();) {
            const StandIn* hit = nullptr;
            for (const StandIn& s : stand_ins)
                if (!s.placeholder.empty() && raw.compare(pos, s.placeholder.size(), s.placeholder) == 0) hit = &s;
            if (!hit) {
                ++pos;
                continue;
            }
            restored.append(raw.substr(copied, pos - copied)).append(hit->text);
            copied = pos += hit->placeholder.size();
        }
        if (copied == 0) return encode_stretch(d, raw, d.normalized_added, ids);
        restored.append(raw.substr(copied));
        // Text from a message: special tokens are plain text here.
        d.raw_added_plain.split(
            restored, [&](std::string_view plain) { encode_stretch(d, plain, d.normalized_added_plain, ids); },
            [&](int id) { ids.push_back(id); });
    };
    d.raw_added.split(text, encode_section, [&](int id) { ids.push_back(id); });
    return ids;
}

const std::vector<std::string>& Tokenizer::special_token_texts() const { return data_->special_texts; }

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
std::string Tokenizer::token_bytes(int id) const { return data_->entry(id).bytes; }

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
