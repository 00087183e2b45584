#include "args.h"

#include <charconv>

#include "util/error.h"

namespace peng::cli {

Args::Args(int argc, char** argv, const std::set<std::string>& options,
           const std::set<std::string>& flags) {
    for (int i = 0; i < argc; ++i) {
        std::string word = argv[i];
        if (word.rfind("--", 0) != 0 || word == "--") {
            positional_.push_back(word);
            continue;
        }
        std::string name = word.substr(2);
        if (flags.count(name)) {
            values_[name] = "1";
        } else if (options.count(name)) {
            if (i + 1 >= argc) throw Error("option --" + name + " needs a value");
            values_[name] = argv[++i];
        } else {
            throw Error("unknown option --" + name);
        }
    }
}

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

int Args::get_int(const std::string& name, int fallback, NumberRange<int> range) const {
    auto v = get(name);
    return v ? parse_int("--" + name, *v, range) : fallback;
}

uint64_t Args::get_uint64(const std::string& name, uint64_t fallback, NumberRange<uint64_t> range) const {
    auto v = get(name);
    return v ? parse_uint64("--" + name, *v, range) : fallback;
}

double Args::get_real(const std::string& name, double fallback, NumberRange<double> range) const {
    auto v = get(name);
    return v ? parse_real("--" + name, *v, range) : fallback;
}

std::vector<int> parse_id_list(const std::string& text) {
    std::vector<int> ids;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t comma = text.find(',', pos);
        if (comma == std::string::npos) comma = text.size();
        std::string item = text.substr(pos, comma - pos);
        int id = 0;
        auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), id);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() || id < 0)
            throw Error("bad token id '" + item + "' in list");
        ids.push_back(id);
        pos = comma + 1;
    }
    return ids;
}

}  // namespace peng::cli
