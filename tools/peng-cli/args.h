#pragma once
// A peng-cli command's command line, declared once and parsed by CLI11. The declaration
// is also the help: `--help`/`-h` prints a usage line naming every flag with its default,
// and a flag nobody declared is a usage error that names the nearest declared one.
// Values stay text until read: numbers go through the engine's one parser
// (api/number_option.h), so a bad value's message names --flag and its range.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/number_option.h"
#include "util/error.h"

namespace CLI {
class App;
class Option;
}

namespace peng::cli {

// A mistake in how the command was called (an unknown flag, a value missing): exit 2.
struct UsageError : Error {
    using Error::Error;
};

// --help was asked for and printed to stdout: exit 0.
struct HelpShown {};

class Args {
public:
    // `command` as typed after peng-cli ("run", "bench io"); `summary` says what it does.
    Args(std::string command, std::string summary);
    ~Args();
    Args(const Args&) = delete;
    Args& operator=(const Args&) = delete;

    // Declarations, in the order help lists them. Every one needs help text. `value` names
    // an option's value ("N", "FILE"); `default_text` is shown as its default ("" = none).
    Args& words(std::string usage, std::string help);   // positional words, e.g. "MODEL"
    Args& option(const std::string& name, std::string value, std::string help, std::string default_text = "");
    Args& repeated(const std::string& name, std::string value, std::string help);   // may be given many times
    Args& flag(const std::string& name, std::string help);
    // The usage line's shape when it is more than "WORDS [--flag]...", e.g.
    // "(--tokens IDS | --prompt TEXT)" for options of which one is required.
    Args& requires_text(std::string text);
    Args& footer(std::string text);

    // Throws HelpShown (after printing help) or UsageError.
    Args& parse(int argc, char** argv);

    const std::vector<std::string>& positional() const { return positional_; }
    bool declares(const std::string& name) const;
    bool has(const std::string& name) const;
    std::optional<std::string> get(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;
    std::vector<std::string> get_all(const std::string& name) const;   // a repeated option's values
    // Numbers go through the engine's one parser (api/number_option.h): the whole
    // value, in `range`, or a peng::Error naming --name and the range.
    int get_int(const std::string& name, int fallback, NumberRange<int> range) const;
    uint64_t get_uint64(const std::string& name, uint64_t fallback, NumberRange<uint64_t> range) const;
    double get_real(const std::string& name, double fallback, NumberRange<double> range) const;

    // "peng-cli run MODEL [--ngen N=64] ...": every declared flag.
    std::string usage_line() const;
    // Throws peng::Error("usage: ...") for words or options that do not fit together.
    [[noreturn]] void usage_error() const;

private:
    const CLI::Option& declared(const std::string& name) const;

    std::string command_;
    std::string words_usage_, words_help_, requires_text_;
    std::unique_ptr<CLI::App> app_;
    std::vector<std::string> positional_;
};

// Parses "1,2,3" into token ids; throws peng::Error naming the bad item.
std::vector<int> parse_id_list(const std::string& text);

}  // namespace peng::cli
