#pragma once
// Minimal option parser for peng-cli subcommands: positional words plus
// --name value / --flag options. Unknown options are an error, never ignored.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "api/number_option.h"

namespace peng::cli {

class Args {
public:
    // `flags` take no value; `options` take one. Throws peng::Error on misuse.
    Args(int argc, char** argv, const std::set<std::string>& options,
         const std::set<std::string>& flags);

    const std::vector<std::string>& positional() const { return positional_; }
    bool has(const std::string& name) const { return values_.count(name) != 0; }
    std::optional<std::string> get(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;
    // Numbers go through the engine's one parser (api/number_option.h): the whole
    // value, in `range`, or a peng::Error naming --name and the range.
    int get_int(const std::string& name, int fallback, NumberRange<int> range) const;
    uint64_t get_uint64(const std::string& name, uint64_t fallback, NumberRange<uint64_t> range) const;
    double get_real(const std::string& name, double fallback, NumberRange<double> range) const;

private:
    std::vector<std::string> positional_;
    std::map<std::string, std::string> values_;
};

// Parses "1,2,3" into token ids; throws peng::Error naming the bad item.
std::vector<int> parse_id_list(const std::string& text);

}  // namespace peng::cli
