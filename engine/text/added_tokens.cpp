#include "text/added_tokens.h"

#include <algorithm>

#include "text/unicode_services.h"
#include "text/utf8.h"

namespace peng::detail {

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens) : tokens_(std::move(tokens)) {
    for (size_t i = 0; i < tokens_.size(); ++i)
        if (!tokens_[i].content.empty())
            by_first_byte_[static_cast<unsigned char>(tokens_[i].content[0])].push_back(i);
    for (auto& bucket : by_first_byte_)
        std::stable_sort(bucket.begin(), bucket.end(), [this](size_t a, size_t b) {
            return tokens_[a].content.size() > tokens_[b].content.size();
        });
}

void AddedTokenMatcher::split(std::string_view text,
                              const std::function<void(std::string_view)>& on_text,
                              const std::function<void(int)>& on_token) const {
    if (tokens_.empty()) {
        if (!text.empty()) on_text(text);
        return;
    }
    size_t emitted = 0;  // end of what has been handed out so far
    size_t pos = 0;
    while (pos < text.size()) {
        const auto& bucket = by_first_byte_[static_cast<unsigned char>(text[pos])];
        const AddedToken* found = nullptr;
        for (size_t index : bucket)
            if (text.compare(pos, tokens_[index].content.size(), tokens_[index].content) == 0) {
                found = &tokens_[index];
                break;
            }
        if (!found) {
            ++pos;
            continue;
        }
        size_t start = pos, end = pos + found->content.size();
        if (found->single_word) {
            bool word_before = start > 0 && is_word_char(utf8::previous_code_point(text, start));
            size_t after = end;
            bool word_after = end < text.size() && is_word_char(utf8::next_code_point(text, after));
            if (word_before || word_after) {
                pos = end;  // like an Aho-Corasick scan, resume after the rejected match
                continue;
            }
        }
        if (found->lstrip)
            while (start > emitted && is_unicode_whitespace(utf8::previous_code_point(text, start))) {
                size_t back = start - 1;
                while ((static_cast<unsigned char>(text[back]) & 0xC0) == 0x80) --back;
                start = back;
            }
        if (found->rstrip)
            while (end < text.size()) {
                size_t next = end;
                if (!is_unicode_whitespace(utf8::next_code_point(text, next))) break;
                end = next;
            }
        if (start > emitted) on_text(text.substr(emitted, start - emitted));
        on_token(found->id);
        emitted = pos = end;
    }
    if (emitted < text.size()) on_text(text.substr(emitted));
}

}  // namespace peng::detail
