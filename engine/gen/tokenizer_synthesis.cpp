#include "gen/tokenizer_synthesis.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/bpe_trainer.h"
#include "gen/byte_level_alphabet.h"
#include "gen/common_words.h"
#include "io/file.h"
#include "util/error.h"

namespace peng::gen {

using ordered_json = nlohmann::ordered_json;

namespace {

// Qwen2's added tokens in id order (151643 upwards) followed by MiMo's own
// (spec 6), with Qwen's "special" flags. 151672 and the DFlash mask token are
// left out: their strings are not known.
struct SpecialToken {
    const char* content;
    bool special;
};
constexpr SpecialToken kSpecialTokens[] = {
    {"<|endoftext|>", true},      {"<|im_start|>", true},      {"<|im_end|>", true},
    {"<|object_ref_start|>", true}, {"<|object_ref_end|>", true}, {"<|box_start|>", true},
    {"<|box_end|>", true},        {"<|quad_start|>", true},    {"<|quad_end|>", true},
    {"<|vision_start|>", true},   {"<|vision_end|>", true},    {"<|vision_pad|>", true},
    {"<|image_pad|>", true},      {"<|video_pad|>", true},     {"<tool_call>", false},
    {"</tool_call>", false},      {"<|fim_prefix|>", false},   {"<|fim_middle|>", false},
    {"<|fim_suffix|>", false},    {"<|fim_pad|>", false},      {"<|repo_name|>", false},
    {"<|file_sep|>", false},      {"<tool_response>", false},  {"</tool_response>", false},
    {"<think>", false},           {"</think>", false},         {"<|audio_pad|>", true},
    {"<|mimo_video_start|>", true}, {"<|mimo_video_end|>", true}, {"<|mimo_audio_start|>", true},
    {"<|mimo_audio_end|>", true},
};

// Qwen2's pre-tokenizer split (spec 6): digits one at a time, words with one
// leading non-letter, punctuation runs, newlines, whitespace.
constexpr const char* kQwen2SplitRegex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

struct StyleParams {
    size_t words;    // how many of the common words to learn from
    size_t merges;   // merge budget
};

StyleParams params_for(TokenizerStyle style) {
    // Small: 256 bytes + 64 merges + 31 added tokens = 351 ids (tiny presets use 512 rows).
    // CommonWords: enough merges to make nearly every one of the 3000 words a single token.
    return style == TokenizerStyle::Small ? StyleParams{300, 64} : StyleParams{3000, 5700};
}

std::vector<TrainingWord> training_words(size_t count) {
    std::vector<TrainingWord> words;
    const std::string_view list = common_english_words();
    size_t pos = 0;
    while (words.size() < count && pos < list.size()) {
        size_t end = list.find(' ', pos);
        if (end == std::string_view::npos) end = list.size();
        if (end > pos) {
            // Text splits into " word" pieces, so words are learned with their leading space.
            TrainingWord w;
            w.symbols.push_back(byte_level_chars()[' ']);
            for (char c : list.substr(pos, end - pos)) w.symbols.push_back(byte_level_chars()[uint8_t(c)]);
            // Zipf's law: frequency falls as 1 / rank.
            w.weight = 1000000 / (words.size() + 1);
            words.push_back(std::move(w));
        }
        pos = end + 1;
    }
    return words;
}

ordered_json byte_level_step() {
    return {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", false}, {"use_regex", false}};
}

}  // namespace

int TokenizerFiles::id_of(const std::string& content) const {
    auto id = find(content);
    if (!id) throw Error("tokenizer " + source + " has no added token " + content);
    return *id;
}

std::optional<int> TokenizerFiles::find(const std::string& content) const {
    auto it = added_token_ids.find(content);
    if (it == added_token_ids.end()) return std::nullopt;
    return it->second;
}

TokenizerFiles synthesize_tokenizer(TokenizerStyle style) {
    const StyleParams params = params_for(style);
    const auto merges = train_bpe(training_words(params.words), params.merges);

    ordered_json vocab = ordered_json::object();
    std::unordered_map<std::string, int> ids;  // two merges can build the same string; it gets one id
    auto add_token = [&](const std::string& token) {
        if (ids.emplace(token, int(ids.size())).second) vocab[token] = int(ids.size()) - 1;
    };
    for (uint8_t b : byte_level_vocab_order()) add_token(byte_level_chars()[b]);
    ordered_json merge_list = ordered_json::array();
    for (const auto& [a, b] : merges) {
        merge_list.push_back(a + " " + b);
        add_token(a + b);
    }
    int next_id = int(ids.size());

    TokenizerFiles files;
    if (style == TokenizerStyle::CommonWords)
        for (const auto& w : training_words(params.words)) {
            std::string token;
            for (const auto& symbol : w.symbols) token += symbol;
            if (auto it = ids.find(token); it != ids.end()) files.word_token_ids.push_back(it->second);
        }
    files.source = style == TokenizerStyle::Small ? "(generated, small)" : "(generated, common words)";
    ordered_json added = ordered_json::array();
    for (const auto& t : kSpecialTokens) {
        files.added_token_ids[t.content] = next_id;
        added.push_back({{"id", next_id++},
                         {"content", t.content},
                         {"single_word", false},
                         {"lstrip", false},
                         {"rstrip", false},
                         {"normalized", false},
                         {"special", t.special}});
    }
    files.id_count = next_id;

    ordered_json j;
    j["version"] = "1.0";
    j["truncation"] = nullptr;
    j["padding"] = nullptr;
    j["added_tokens"] = added;
    j["normalizer"] = nullptr;  // the vocabulary is ASCII: no normalization needed
    j["pre_tokenizer"] = {
        {"type", "Sequence"},
        {"pretokenizers",
         {{{"type", "Split"}, {"pattern", {{"Regex", kQwen2SplitRegex}}}, {"behavior", "Isolated"}, {"invert", false}},
          byte_level_step()}}};
    j["post_processor"] = byte_level_step();
    j["decoder"] = byte_level_step();
    j["model"] = {{"type", "BPE"},
                  {"dropout", nullptr},
                  {"unk_token", nullptr},
                  {"continuing_subword_prefix", ""},
                  {"end_of_word_suffix", ""},
                  {"fuse_unk", false},
                  {"byte_fallback", false},
                  {"ignore_merges", false},
                  {"vocab", vocab},
                  {"merges", merge_list}};
    files.tokenizer_json = j.dump(2, ' ', false) + "\n";
    return files;
}

TokenizerFiles load_tokenizer(const std::string& tokenizer_json_path) {
    const std::filesystem::path path(tokenizer_json_path);
    TokenizerFiles files;
    files.source = path.string();
    files.tokenizer_json = read_text_file(path.string());
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(files.tokenizer_json);
    } catch (const nlohmann::json::exception& e) {
        throw Error(path.string() + ": not valid JSON: " + e.what());
    }
    int max_id = -1;
    try {
        if (j.contains("model") && j["model"].contains("vocab"))
            for (const auto& [token, id] : j["model"]["vocab"].items()) max_id = std::max(max_id, id.get<int>());
        if (j.contains("added_tokens"))
            for (const auto& t : j["added_tokens"]) {
                const int id = t.at("id").get<int>();
                files.added_token_ids[t.at("content").get<std::string>()] = id;
                max_id = std::max(max_id, id);
            }
    } catch (const nlohmann::json::exception& e) {
        throw Error(path.string() + ": unexpected tokenizer.json structure: " + e.what());
    }
    if (max_id < 0) throw Error(path.string() + ": no vocabulary found");
    files.id_count = max_id + 1;
    const auto config = path.parent_path() / "tokenizer_config.json";
    if (std::filesystem::exists(config)) files.tokenizer_config_json = read_text_file(config.string());
    return files;
}

std::string make_tokenizer_config(const TokenizerFiles& tokenizer, const std::string& chat_template) {
    std::vector<std::pair<int, std::string>> by_id;
    for (const auto& [content, id] : tokenizer.added_token_ids) by_id.emplace_back(id, content);
    std::sort(by_id.begin(), by_id.end());
    ordered_json decoder = ordered_json::object();
    for (const auto& [id, content] : by_id) {
        bool special = true;
        for (const auto& t : kSpecialTokens)
            if (content == t.content) special = t.special;
        decoder[std::to_string(id)] = {{"content", content},   {"lstrip", false},       {"normalized", false},
                                       {"rstrip", false},      {"single_word", false},  {"special", special}};
    }
    ordered_json j;
    j["add_bos_token"] = false;
    j["add_prefix_space"] = false;
    j["added_tokens_decoder"] = decoder;
    j["bos_token"] = nullptr;
    if (!chat_template.empty()) j["chat_template"] = chat_template;
    j["clean_up_tokenization_spaces"] = false;
    j["eos_token"] = "<|im_end|>";
    j["errors"] = "replace";
    j["model_max_length"] = 1048576;
    j["pad_token"] = "<|endoftext|>";
    j["split_special_tokens"] = false;
    j["tokenizer_class"] = "Qwen2Tokenizer";
    j["unk_token"] = nullptr;
    return j.dump(2, ' ', false) + "\n";
}

}  // namespace peng::gen
