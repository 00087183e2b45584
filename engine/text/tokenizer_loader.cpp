// Reads a Hugging Face tokenizer.json into TokenizerData, checking every field
// it relies on so that a malformed or truncated file fails with a message that
// names the file and the field instead of producing wrong ids later.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "text/byte_map.h"
#include "text/tokenizer_data.h"
#include "util/error.h"

namespace peng::detail {

namespace {

using nlohmann::json;

// Real vocabularies have ~150k-260k ids; the cap keeps a corrupt id from
// turning into a giant allocation.
constexpr long long kMaxTokenId = (1 << 22) - 1;

// An integer JSON value as a signed number, anything above the cap as cap + 1.
long long clamped_integer(const json& value) {
    if (value.is_number_unsigned() && value.get<unsigned long long>() > kMaxTokenId) return kMaxTokenId + 1;
    return value.get<long long>();
}

class Reader {
public:
    explicit Reader(std::string origin) : origin_(std::move(origin)) {}

    [[noreturn]] void fail(const std::string& where, const std::string& what) const {
        throw Error(origin_ + ": " + where + ": " + what);
    }

    const json& object_field(const json& parent, const char* name, const std::string& where) const {
        if (!parent.contains(name)) fail(where, std::string("missing field \"") + name + "\"");
        const json& value = parent[name];
        if (!value.is_object()) fail(where + "." + name, "must be an object");
        return value;
    }

    int token_id(const json& value, const std::string& where) const {
        if (!value.is_number_integer()) fail(where, "token id must be an integer");
        long long id = clamped_integer(value);
        if (id < 0 || id > kMaxTokenId)
            fail(where, "token id " + value.dump() + " is outside 0.." + std::to_string(kMaxTokenId));
        return static_cast<int>(id);
    }

    bool flag(const json& parent, const char* name, bool fallback, const std::string& where) const {
        if (!parent.contains(name) || parent[name].is_null()) return fallback;
        if (!parent[name].is_boolean()) fail(where + "." + name, "must be true or false");
        return parent[name].get<bool>();
    }

    std::string string_field(const json& parent, const char* name, const std::string& where) const {
        if (!parent.contains(name) || parent[name].is_null()) return {};
        if (!parent[name].is_string()) fail(where + "." + name, "must be a string");
        return parent[name].get<std::string>();
    }

    const std::string& origin() const { return origin_; }

private:
    std::string origin_;
};

void define_token(TokenizerData& data, int id, TokenEntry entry) {
    if (static_cast<size_t>(id) >= data.tokens.size()) data.tokens.resize(static_cast<size_t>(id) + 1);
    data.tokens[static_cast<size_t>(id)] = std::move(entry);
}

// model.vocab: spelling -> id. Returns the BPE's raw-bytes -> id map.
std::unordered_map<std::string, int> read_vocab(const Reader& in, const json& model, TokenizerData& data) {
    const json& vocab = in.object_field(model, "vocab", "model");
    std::unordered_map<std::string, int> ids_by_bytes;
    ids_by_bytes.reserve(vocab.size());
    data.ids_by_spelling.reserve(vocab.size() + 64);
    for (auto it = vocab.begin(); it != vocab.end(); ++it) {
        const std::string& spelling = it.key();
        int id = in.token_id(it.value(), "model.vocab[\"" + spelling + "\"]");
        if (static_cast<size_t>(id) < data.tokens.size() && data.tokens[id].kind != TokenEntry::Undefined)
            in.fail("model.vocab", "id " + std::to_string(id) + " is given to both \"" +
                                       data.tokens[id].spelling + "\" and \"" + spelling + "\"");
        std::string bytes = byte_map::from_vocab_form(spelling);
        ids_by_bytes.emplace(bytes, id);
        data.ids_by_spelling[spelling] = id;
        define_token(data, id, TokenEntry{TokenEntry::Vocab, spelling, std::move(bytes)});
    }
    return ids_by_bytes;
}

// model.merges, either "left right" strings or ["left", "right"] pairs.
std::vector<Merge> read_merges(const Reader& in, const json& model, const TokenizerData& data) {
    if (!model.contains("merges")) in.fail("model", "missing field \"merges\"");
    const json& merges = model["merges"];
    if (!merges.is_array()) in.fail("model.merges", "must be an array");
    auto id_of = [&](const std::string& spelling, const std::string& where) {
        auto it = data.ids_by_spelling.find(spelling);
        if (it == data.ids_by_spelling.end() || data.tokens[it->second].kind != TokenEntry::Vocab)
            in.fail(where, "token \"" + spelling + "\" is not in model.vocab");
        return it->second;
    };
    std::vector<Merge> out;
    out.reserve(merges.size());
    for (size_t rank = 0; rank < merges.size(); ++rank) {
        const json& m = merges[rank];
        const std::string where = "model.merges[" + std::to_string(rank) + "]";
        std::string left, right;
        if (m.is_string()) {
            const std::string& line = m.get_ref<const std::string&>();
            size_t space = line.find(' ');
            if (space == std::string::npos || space == 0 || space + 1 == line.size() ||
                line.find(' ', space + 1) != std::string::npos)
                in.fail(where, "\"" + line + "\" is not of the form \"left right\"");
            left = line.substr(0, space);
            right = line.substr(space + 1);
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            left = m[0].get<std::string>();
            right = m[1].get<std::string>();
        } else {
            in.fail(where, "must be a \"left right\" string or a [\"left\", \"right\"] pair");
        }
        out.push_back({id_of(left, where), id_of(right, where), id_of(left + right, where + " (merged)")});
    }
    return out;
}

BpeConfig read_model(const Reader& in, const json& root, TokenizerData& data) {
    const json& model = in.object_field(root, "model", "top level");
    std::string type = in.string_field(model, "type", "model");
    if (!type.empty() && type != "BPE")
        in.fail("model.type", "\"" + type + "\" is not supported (only BPE)");
    if (model.contains("dropout") && !model["dropout"].is_null() &&
        !(model["dropout"].is_number() && model["dropout"].get<double>() == 0.0))
        in.fail("model.dropout", "BPE dropout makes encoding random; it must be null");
    if (in.flag(model, "byte_fallback", false, "model"))
        in.fail("model.byte_fallback", "byte fallback (SentencePiece style) is not supported");
    for (const char* affix : {"continuing_subword_prefix", "end_of_word_suffix"})
        if (!in.string_field(model, affix, "model").empty())
            in.fail(std::string("model.") + affix, "subword affixes are not supported by byte-level BPE");

    BpeConfig config;
    config.ids_by_bytes = read_vocab(in, model, data);
    config.merges = read_merges(in, model, data);
    config.fuse_unk = in.flag(model, "fuse_unk", false, "model");
    config.ignore_merges = in.flag(model, "ignore_merges", false, "model");
    std::string unk = in.string_field(model, "unk_token", "model");
    if (!unk.empty()) {
        auto it = data.ids_by_spelling.find(unk);
        if (it == data.ids_by_spelling.end()) in.fail("model.unk_token", "\"" + unk + "\" is not in model.vocab");
        config.unk_id = it->second;
    }
    return config;
}

std::vector<AddedToken> read_added_tokens(const Reader& in, const json& root, TokenizerData& data) {
    std::vector<AddedToken> out;
    if (!root.contains("added_tokens") || root["added_tokens"].is_null()) return out;
    const json& list = root["added_tokens"];
    if (!list.is_array()) in.fail("added_tokens", "must be an array");
    std::unordered_map<std::string, int> seen;
    for (size_t i = 0; i < list.size(); ++i) {
        const json& item = list[i];
        const std::string where = "added_tokens[" + std::to_string(i) + "]";
        if (!item.is_object()) in.fail(where, "must be an object");
        if (!item.contains("id")) in.fail(where, "missing field \"id\"");
        AddedToken token;
        token.id = in.token_id(item["id"], where + ".id");
        if (!item.contains("content") || !item["content"].is_string())
            in.fail(where, "\"content\" must be a string");
        token.content = item["content"].get<std::string>();
        if (token.content.empty()) in.fail(where, "\"content\" is empty");
        token.special = in.flag(item, "special", false, where);
        token.single_word = in.flag(item, "single_word", false, where);
        token.lstrip = in.flag(item, "lstrip", false, where);
        token.rstrip = in.flag(item, "rstrip", false, where);
        token.normalized = in.flag(item, "normalized", !token.special, where);
        auto [it, fresh] = seen.emplace(token.content, token.id);
        if (!fresh && it->second != token.id)
            in.fail(where, "\"" + token.content + "\" is already added with id " + std::to_string(it->second));
        if (static_cast<size_t>(token.id) < data.tokens.size() &&
            data.tokens[token.id].kind == TokenEntry::Added && data.tokens[token.id].spelling != token.content)
            in.fail(where, "id " + std::to_string(token.id) + " is already added as \"" +
                               data.tokens[token.id].spelling + "\"");
        // Added tokens decode to their content verbatim and win over the vocab.
        data.ids_by_spelling[token.content] = token.id;
        define_token(data, token.id, TokenEntry{TokenEntry::Added, token.content, token.content});
        out.push_back(std::move(token));
    }
    return out;
}

// Ids index a table, so a file whose ids are far sparser than any real
// vocabulary (one huge id among a few tokens) is refused before allocating it.
void check_id_density(const Reader& in, const json& root) {
    long long max_id = -1;
    size_t count = 0;
    auto note = [&](const json& id) {
        // Non-integers and out-of-range ids are reported with their field later.
        if (!id.is_number_integer() || clamped_integer(id) > kMaxTokenId) return;
        max_id = std::max(max_id, clamped_integer(id));
        ++count;
    };
    const json* model = root.contains("model") ? &root["model"] : nullptr;
    if (model && model->is_object() && model->contains("vocab") && (*model)["vocab"].is_object())
        for (const auto& id : (*model)["vocab"]) note(id);
    if (root.contains("added_tokens") && root["added_tokens"].is_array())
        for (const auto& token : root["added_tokens"])
            if (token.is_object() && token.contains("id")) note(token["id"]);
    if (max_id > static_cast<long long>(4 * count + 65536))
        in.fail("model.vocab", "token ids are implausibly sparse: the largest is " + std::to_string(max_id) +
                                   " for only " + std::to_string(count) + " tokens");
}

void check_decoder(const Reader& in, const json& root) {
    if (!root.contains("decoder") || root["decoder"].is_null()) return;
    const json& decoder = root["decoder"];
    std::string type = decoder.is_object() ? in.string_field(decoder, "type", "decoder") : "";
    if (type != "ByteLevel")
        in.fail("decoder", "only the ByteLevel decoder is supported (found " +
                               (type.empty() ? decoder.dump() : "\"" + type + "\"") + ")");
}

}  // namespace

const TokenEntry& TokenizerData::entry(int id) const {
    if (id < 0 || static_cast<size_t>(id) >= tokens.size() || tokens[id].kind == TokenEntry::Undefined)
        throw Error(origin + ": token id " + std::to_string(id) + " is not defined (vocab size " +
                    std::to_string(tokens.size()) + ")");
    return tokens[id];
}

std::shared_ptr<const TokenizerData> load_tokenizer_json(const std::string& json_text,
                                                         const std::string& origin) {
    json root;
    try {
        root = json::parse(json_text);
    } catch (const json::exception& e) {
        throw Error(origin + ": not valid JSON (truncated or corrupt?): " + e.what());
    }
    Reader in(origin);
    if (!root.is_object()) in.fail("top level", "must be a JSON object");

    auto data = std::make_shared<TokenizerData>();
    data->origin = origin;
    try {
        check_id_density(in, root);
        BpeConfig bpe = read_model(in, root, *data);
        std::vector<AddedToken> added = read_added_tokens(in, root, *data);
        check_decoder(in, root);
        data->normalizer = make_normalizer(root.value("normalizer", json()), origin);
        data->pre_tokenizer = std::make_unique<PreTokenizer>(root.value("pre_tokenizer", json()), origin);
        data->bpe = std::make_unique<BpeModel>(std::move(bpe), origin);

        std::vector<AddedToken> raw, normalized, raw_plain, normalized_plain;
        for (auto& token : added) {
            if (token.special) data->special_texts.push_back(token.content);
            const bool after_normalizing = token.normalized && data->normalizer;
            if (after_normalizing) token.content = data->normalizer->apply(token.content);
            if (!token.special) (after_normalizing ? normalized_plain : raw_plain).push_back(token);
            (after_normalizing ? normalized : raw).push_back(std::move(token));
        }
        data->raw_added = AddedTokenMatcher(std::move(raw));
        data->normalized_added = AddedTokenMatcher(std::move(normalized));
        data->raw_added_plain = AddedTokenMatcher(std::move(raw_plain));
        data->normalized_added_plain = AddedTokenMatcher(std::move(normalized_plain));
    } catch (const json::exception& e) {
        // A field of an unexpected type that the checks above did not anticipate.
        throw Error(origin + ": unexpected structure: " + e.what());
    }
    return data;
}

}  // namespace peng::detail
