// libFuzzer target for the tokenizer. The first input byte picks what to fuzz:
//   0: the rest as a whole tokenizer.json;
//   1: a valid handmade tokenizer.json with a slice replaced by the input
//      (truncations and corruptions close to a real file);
//   2: encoding the rest as text with a handmade tokenizer (NFC, Qwen regex,
//      merges, added tokens with every flag);
//   3: decoding and stream-decoding the rest as token ids.
// Only peng::Error may escape the tokenizer; properties that must hold are
// checked with __builtin_trap so a violation is reported like a crash.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "text/tokenizer.h"
#include "util/error.h"

namespace {

// A small byte-level tokenizer: all 256 bytes (ids 0..255 in byte order), a
// few merges in both forms, and added tokens with overlapping prefixes. With
// `nfc`, also an NFC normalizer and lstrip/rstrip tokens (which drop
// whitespace, so only the other one can promise decode(encode(s)) == s).
std::string handmade_json(bool nfc) {
    const std::string strip = nfc ? "true" : "false";
    std::string vocab;
    unsigned next_shifted = 0x100;
    for (unsigned b = 0; b < 256; ++b) {
        bool self = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
        unsigned cp = self ? b : next_shifted++;
        std::string spelling;
        if (cp == '"' || cp == '\\') spelling = std::string("\\") + char(cp);
        else if (cp < 0x80) spelling = std::string(1, char(cp));
        else {
            spelling += char(0xC0 | (cp >> 6));
            spelling += char(0x80 | (cp & 0x3F));
        }
        vocab += "\"" + spelling + "\": " + std::to_string(b) + ", ";
    }
    vocab += R"("he": 256, "ll": 257, "llo": 258, "hello": 259, "Ġw": 260, "or": 261, "Ġwor": 262,
              "ld": 263, "Ġworld": 264, "ðŁ": 265, "ĠĠ": 266, "ĠĠĠĠ": 267)";
    return R"({"version": "1.0", "added_tokens": [
        {"id": 300, "content": "<|im_end|>", "special": true, "normalized": false},
        {"id": 301, "content": "<|im", "special": true, "normalized": false},
        {"id": 302, "content": "<l>", "lstrip": )" + strip + R"(, "special": true},
        {"id": 303, "content": "<r>", "rstrip": )" + strip + R"(, "special": true},
        {"id": 304, "content": "word", "single_word": true, "normalized": true},
        {"id": 305, "content": "é", "normalized": true}],
      "normalizer": )" + std::string(nfc ? R"({"type": "NFC"})" : "null") + R"(,
      "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+"},
         "behavior": "Isolated", "invert": false},
        {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": false, "use_regex": false}]},
      "decoder": {"type": "ByteLevel"},
      "model": {"type": "BPE", "dropout": null, "unk_token": null, "ignore_merges": false,
        "vocab": {)" + vocab + R"(},
        "merges": ["h e", "l l", ["ll", "o"], "he llo", "Ġ w", "o r", "Ġw or", "l d", "Ġwor ld",
                   "ð Ł", "Ġ Ġ", "ĠĠ ĠĠ"]}})";
}

const std::string& base_json() {
    static const std::string text = handmade_json(true);
    return text;
}

const peng::Tokenizer& nfc_tokenizer() {
    static const peng::Tokenizer t = peng::Tokenizer::from_json(base_json(), "handmade-nfc.json");
    return t;
}

const peng::Tokenizer& plain_tokenizer() {
    static const peng::Tokenizer t = peng::Tokenizer::from_json(handmade_json(false), "handmade.json");
    return t;
}

void check(bool ok) {
    if (!ok) __builtin_trap();
}

// Encodes and decodes with a tokenizer that loaded; any peng::Error is fine.
void exercise(const peng::Tokenizer& t, std::string_view text) {
    try {
        std::vector<int> ids = t.encode(text);
        std::string decoded = t.decode(ids);
        peng::StreamDecoder stream(t);
        std::string streamed;
        for (int id : ids) streamed += stream.push(id);
        streamed += stream.flush();
        check(streamed == decoded);
        for (int id = 0; id < t.vocab_size() && id < 512; ++id) {
            try {
                (void)t.token_id(t.token_string(id));
            } catch (const peng::Error&) {
            }
        }
    } catch (const peng::Error&) {
    }
}

void fuzz_json(const std::string& text) {
    try {
        peng::Tokenizer t = peng::Tokenizer::from_json(text, "fuzz.json");
        exercise(t, "hello world <|im_end|> 123 é 😀 don't");
    } catch (const peng::Error&) {
    }
}

void fuzz_encode(std::string_view text) {
    const peng::Tokenizer& plain = plain_tokenizer();
    const peng::Tokenizer& nfc = nfc_tokenizer();
    bool valid = true;
    std::vector<int> ids;
    try {
        ids = plain.encode(text);
    } catch (const peng::Error&) {
        valid = false;  // must be invalid UTF-8; the NFC tokenizer must agree
    }
    if (!valid) {
        bool threw = false;
        try {
            (void)nfc.encode(text);
        } catch (const peng::Error&) {
            threw = true;
        }
        check(threw);
        return;
    }
    // Without a normalizer, decoding gives the text back byte for byte.
    check(plain.decode(ids) == text);
    // NFC is idempotent, so encoding the decoded (normalized) text gives the same ids.
    std::vector<int> nfc_ids = nfc.encode(text);
    check(nfc.encode(nfc.decode(nfc_ids)) == nfc_ids);
}

void fuzz_decode(const uint8_t* data, size_t size) {
    const peng::Tokenizer& t = plain_tokenizer();
    std::vector<int> ids;
    for (size_t i = 0; i + 1 < size; i += 2) ids.push_back((data[i] << 8 | data[i + 1]) % 320);
    std::string decoded;
    bool defined = true;
    try {
        decoded = t.decode(ids);
    } catch (const peng::Error&) {
        defined = false;
    }
    peng::StreamDecoder stream(t);
    std::string streamed;
    try {
        for (int id : ids) streamed += stream.push(id);
        streamed += stream.flush();
        check(defined && streamed == decoded);
    } catch (const peng::Error&) {
        check(!defined);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const uint8_t mode = data[0] % 4;
    ++data;
    --size;
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    switch (mode) {
        case 0:
            fuzz_json(std::string(rest));
            break;
        case 1: {
            if (size < 4) break;
            const std::string& base = base_json();
            size_t at = (data[0] << 8 | data[1]) * base.size() / 65536;
            size_t erase = std::min<size_t>(data[2] << 2 | (data[3] & 3), base.size() - at);
            std::string edited = base;
            edited.replace(at, erase, rest.substr(4));
            fuzz_json(edited);
            break;
        }
        case 2:
            fuzz_encode(rest);
            break;
        case 3:
            fuzz_decode(data, size);
            break;
    }
    return 0;
}
