// peng-cli tokenize / detokenize: the engine's tokenizer on the command line.
// Input and output are JSON so that any text (newlines, invalid sequences in
// decoded output shown as U+FFFD) survives the round trip through a shell:
//   tokenize   --text T     -> [ids]          --jsonl FILE: one JSON string per line -> one [ids] per line
//   detokenize --ids 1,2,3  -> "text"         --jsonl FILE: one [ids] per line -> one JSON string per line
// FILE may be "-" for standard input.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "args.h"
#include "commands.h"
#include "json_lines.h"
#include "text/tokenizer.h"
#include "util/error.h"

namespace peng::cli {
namespace {

constexpr const char* kTokenizeSummary = "text to token ids, as JSON";
constexpr const char* kDetokenizeSummary = "token ids to text, as JSON";

// What both commands take: where the tokenizer is, and one of two inputs.
void declare_io(Args& args, const char* inline_option, const char* inline_value, const char* inline_help,
                const char* jsonl_help) {
    args.words("", "DIR is a model folder holding tokenizer.json.")
        .option("tokenizer", "FILE", "a tokenizer.json instead of a model's")
        .option(inline_option, inline_value, inline_help)
        .option("jsonl", "FILE", jsonl_help)
        .requires_text(std::string("(DIR | --tokenizer FILE) (--") + inline_option + " " + inline_value +
                       " | --jsonl FILE)");
}

// DIR is a model directory holding tokenizer.json; --tokenizer names the file itself.
Tokenizer load_tokenizer(const Args& args) {
    const auto& words = args.positional();
    if (words.size() + args.has("tokenizer") != 1) args.usage_error();
    if (auto file = args.get("tokenizer")) return Tokenizer::from_file(*file);
    std::filesystem::path dir = words[0];
    if (!std::filesystem::is_directory(dir))
        throw Error("'" + dir.string() + "' is not a model directory (use --tokenizer FILE for a tokenizer.json)");
    return Tokenizer::from_file((dir / "tokenizer.json").string());
}

// The other of the two input options, exactly one of which must be given.
void require_one_input(const Args& args, const char* inline_option) {
    if (args.has(inline_option) == args.has("jsonl")) args.usage_error();
}

// Calls handle(line_number, parsed_json) for every line of a JSON-lines file.
template <typename Handle>
void for_each_jsonl(const std::string& path, Handle handle) {
    std::ifstream file;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file) throw Error("cannot open '" + path + "'");
    }
    std::istream& in = path == "-" ? std::cin : file;
    JsonLines lines(in, path);
    for (std::string line; lines.next(line);) {
        nlohmann::json value;
        try {
            value = nlohmann::json::parse(line);
        } catch (const nlohmann::json::exception& e) {
            throw Error(lines.where() + ": not valid JSON: " + e.what());
        }
        handle(lines.where(), value);
    }
}

void print_line(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
}

int tokenize(int argc, char** argv) {
    Args args("tokenize", kTokenizeSummary);
    declare_io(args, "text", "T", "the text to tokenize", "one JSON string a line (- for standard input); one [ids] a line out");
    args.parse(argc, argv);
    require_one_input(args, "text");
    Tokenizer tokenizer = load_tokenizer(args);
    if (auto text = args.get("text")) {
        print_line(nlohmann::json(tokenizer.encode(*text)).dump());
        return 0;
    }
    for_each_jsonl(*args.get("jsonl"), [&](const std::string& where, const nlohmann::json& value) {
        if (!value.is_string()) throw Error(where + ": expected a JSON string");
        try {
            print_line(nlohmann::json(tokenizer.encode(value.get_ref<const std::string&>())).dump());
        } catch (const Error& e) {
            throw Error(where + ": " + e.what());
        }
    });
    return 0;
}

std::vector<int> ids_from_json(const std::string& where, const nlohmann::json& value) {
    if (!value.is_array()) throw Error(where + ": expected a JSON array of token ids");
    std::vector<int> ids;
    for (const auto& item : value) {
        if (!item.is_number_integer() || item.get<long long>() < 0 || item.get<long long>() > INT32_MAX)
            throw Error(where + ": " + item.dump() + " is not a token id");
        ids.push_back(item.get<int>());
    }
    return ids;
}

int detokenize(int argc, char** argv) {
    Args args("detokenize", kDetokenizeSummary);
    declare_io(args, "ids", "IDS", "the token ids, e.g. 1,2,3",
               "one [ids] a line (- for standard input); one JSON string a line out");
    args.parse(argc, argv);
    require_one_input(args, "ids");
    Tokenizer tokenizer = load_tokenizer(args);
    if (auto ids = args.get("ids")) {
        print_line(nlohmann::json(tokenizer.decode(parse_id_list(*ids))).dump());
        return 0;
    }
    for_each_jsonl(*args.get("jsonl"), [&](const std::string& where, const nlohmann::json& value) {
        std::vector<int> ids = ids_from_json(where, value);
        try {
            print_line(nlohmann::json(tokenizer.decode(ids)).dump());
        } catch (const Error& e) {
            throw Error(where + ": " + e.what());
        }
    });
    return 0;
}

const Command tokenize_command{"tokenize", kTokenizeSummary, tokenize};
const Command detokenize_command{"detokenize", kDetokenizeSummary, detokenize};

}  // namespace
}  // namespace peng::cli
