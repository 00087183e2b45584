#pragma once
// Minimal option parser for peng-cli subcommands: positional words plus
// --name value / --flag options. Unknown options are an error, never ignored.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

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
    long long get_int(const std::string& name, long long fallback) const;
    double get_double(const std::string& name, double fallback) const;

private:
    std::vector<std::string> positional_;
    std::map<std::string, std::string> values_;
};

// Parses "1,2,3" into token ids; throws peng::Error naming the bad item.
std::vector<int> parse_id_list(const std::string& text);

}  // namespace peng::cli
