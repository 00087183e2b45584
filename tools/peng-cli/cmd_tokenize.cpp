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

constexpr const char* kTokenizeUsage = "tokenize (DIR | --tokenizer FILE) (--text T | --jsonl FILE)";
constexpr const char* kDetokenizeUsage = "detokenize (DIR | --tokenizer FILE) (--ids 1,2,3 | --jsonl FILE)";

// DIR is a model directory holding tokenizer.json; --tokenizer names the file itself.
Tokenizer load_tokenizer(const Args& args, const char* usage) {
    const auto& words = args.positional();
    if (words.size() + args.has("tokenizer") != 1) throw Error(std::string("usage: peng-cli ") + usage);
    if (auto file = args.get("tokenizer")) return Tokenizer::from_file(*file);
    std::filesystem::path dir = words[0];
    if (!std::filesystem::is_directory(dir))
        throw Error("'" + dir.string() + "' is not a model directory (use --tokenizer FILE for a tokenizer.json)");
    return Tokenizer::from_file((dir / "tokenizer.json").string());
}

// The other of the two input options, exactly one of which must be given.
void require_one_input(const Args& args, const char* inline_option, const char* usage) {
    if (args.has(inline_option) == args.has("jsonl")) throw Error(std::string("usage: peng-cli ") + usage);
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
    Args args(argc, argv, {"tokenizer", "text", "jsonl"}, {});
    require_one_input(args, "text", kTokenizeUsage);
    Tokenizer tokenizer = load_tokenizer(args, kTokenizeUsage);
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
    Args args(argc, argv, {"tokenizer", "ids", "jsonl"}, {});
    require_one_input(args, "ids", kDetokenizeUsage);
    Tokenizer tokenizer = load_tokenizer(args, kDetokenizeUsage);
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

const Command tokenize_command{"tokenize", kTokenizeUsage, tokenize};
const Command detokenize_command{"detokenize", kDetokenizeUsage, detokenize};

}  // namespace
}  // namespace peng::cli
