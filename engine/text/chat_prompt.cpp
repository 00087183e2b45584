#include "text/chat_prompt.h"

#include <set>

#include "text/utf8.h"
#include "util/error.h"

namespace peng {

namespace {

using Json = nlohmann::ordered_json;

// Stand-ins come from Supplementary Private Use Area-A, skipping any code point
// the data or the template already contain, so a stand-in is never ambiguous.
constexpr char32_t kFirstStandIn = 0xF0000, kLastStandIn = 0xFFFFD;
// Deeper data is refused rather than walked on an ever-deeper stack.
constexpr int kMaxDepth = 256;

void collect_private_use(std::string_view text, std::set<char32_t>& used) {
    for (size_t pos = text.find('\xF3'); pos != std::string_view::npos; pos = text.find('\xF3', pos + 1)) {
        if (utf8::valid_sequence_length(text, pos) != 4) continue;
        size_t at = pos;
        used.insert(utf8::next_code_point(text, at));
    }
}

void collect_private_use(const Json& value, std::set<char32_t>& used, int depth) {
    if (depth > kMaxDepth)
        throw Error("chat messages are nested deeper than " + std::to_string(kMaxDepth) + " levels");
    if (value.is_string()) return collect_private_use(value.get_ref<const std::string&>(), used);
    if (value.is_object())
        for (const auto& [key, item] : value.items()) {
            collect_private_use(key, used);
            collect_private_use(item, used, depth + 1);
        }
    if (value.is_array())
        for (const Json& item : value) collect_private_use(item, used, depth + 1);
}

class StandIns {
public:
    StandIns(const std::vector<std::string>& specials, const std::set<char32_t>& used) {
        char32_t next = kFirstStandIn;
        for (const std::string& text : specials) {
            if (text.empty()) continue;
            while (used.count(next)) ++next;
            if (next > kLastStandIn) throw Error("chat messages use every private-use code point");
            Tokenizer::StandIn s{{}, text};
            utf8::append_code_point(s.placeholder, next++);
            list_.push_back(std::move(s));
        }
    }

    const std::vector<Tokenizer::StandIn>& list() const { return list_; }

    // `text` with each special token's text replaced by its stand-in (longest first
    // where one token's text starts another's, as the tokenizer matches them).
    std::string hide(const std::string& text) const {
        return substitute(text, &Tokenizer::StandIn::text, &Tokenizer::StandIn::placeholder);
    }
    std::string reveal(const std::string& text) const {
        return substitute(text, &Tokenizer::StandIn::placeholder, &Tokenizer::StandIn::text);
    }

    Json hide(const Json& value) const {
        if (value.is_string()) return hide(value.get_ref<const std::string&>());
        if (value.is_array()) {
            Json out = Json::array();
            for (const Json& item : value) out.push_back(hide(item));
            return out;
        }
        if (value.is_object()) {
            Json out = Json::object();
            for (const auto& [key, item] : value.items()) out[hide(key)] = hide(item);
            return out;
        }
        return value;
    }

private:
    using Field = std::string Tokenizer::StandIn::*;
    std::string substitute(const std::string& text, Field from, Field to) const {
        std::string out;
        for (size_t pos = 0; pos < text.size();) {
            const Tokenizer::StandIn* hit = nullptr;
            for (const auto& s : list_)
                if (text.compare(pos, (s.*from).size(), s.*from) == 0 &&
                    (!hit || (s.*from).size() > (hit->*from).size()))
                    hit = &s;
            if (hit) {
                out += hit->*to;
                pos += (hit->*from).size();
            } else {
                out += text[pos++];
            }
        }
        return out;
    }

    std::vector<Tokenizer::StandIn> list_;
};

}  // namespace

ChatPrompt render_chat_prompt(const ChatTemplate& chat_template, const Tokenizer& tokenizer, const Json& messages,
                              const Json& tools, bool add_generation_prompt, bool enable_thinking, const Json& extra) {
    std::set<char32_t> used;
    for (const Json* data : {&messages, &tools, &extra}) collect_private_use(*data, used, 0);
    collect_private_use(chat_template.source(), used);
    const StandIns stand_ins(tokenizer.special_token_texts(), used);
    const std::string rendered = chat_template.render(stand_ins.hide(messages), stand_ins.hide(tools),
                                                      add_generation_prompt, enable_thinking, stand_ins.hide(extra));
    return {stand_ins.reveal(rendered), tokenizer.encode_with_stand_ins(rendered, stand_ins.list())};
}

}  // namespace peng
