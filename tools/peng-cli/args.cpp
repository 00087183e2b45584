#include "args.h"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "nearest_name.h"

namespace peng::cli {
namespace {

bool is_help(const CLI::Option* o) { return o->get_name() == "-h,--help" || o->check_lname("help"); }

// Whether `text` names --name as a whole word (not --name-more).
bool mentions(const std::string& text, const std::string& name) {
    const std::string flag = "--" + name;
    for (size_t at = text.find(flag); at != std::string::npos; at = text.find(flag, at + 1)) {
        const size_t end = at + flag.size();
        if (end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '-')) return true;
    }
    return false;
}

// CLI11's help with peng-cli's usage line (every flag, not "[OPTIONS]") and the
// positional words described in prose.
class HelpFormatter : public CLI::Formatter {
public:
    HelpFormatter(std::string usage, std::string words_help)
        : usage_(std::move(usage)), words_help_(std::move(words_help)) {
        column_width(34);
    }
    std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode mode) const override {
        std::string out = app->get_description() + "\n\nusage: " + usage_ + "\n";
        if (!words_help_.empty()) out += "\n" + words_help_ + "\n";
        out += make_groups(app, mode);
        if (!app->get_footer().empty()) out += "\n" + app->get_footer() + "\n";
        return out;
    }

private:
    std::string usage_, words_help_;
};

}  // namespace

Args::Args(std::string command, std::string summary)
    : command_(std::move(command)), app_(std::make_unique<CLI::App>(std::move(summary), "peng-cli " + command_)) {
    app_->allow_extras();   // unknown flags are reported below, with a suggestion
    app_->set_help_flag("-h,--help", "show this help and exit");
    app_->add_option("words", positional_)->group("")->expected(0, -1);
}

Args::~Args() = default;

Args& Args::words(std::string usage, std::string help) {
    words_usage_ = std::move(usage);
    words_help_ = std::move(help);
    return *this;
}

Args& Args::option(const std::string& name, std::string value, std::string help, std::string default_text) {
    if (help.empty()) throw std::logic_error("peng-cli: --" + name + " has no help text");
    app_->add_option("--" + name)
        ->description(std::move(help))
        ->type_name(std::move(value))
        ->default_str(std::move(default_text))
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    return *this;
}

Args& Args::repeated(const std::string& name, std::string value, std::string help) {
    if (help.empty()) throw std::logic_error("peng-cli: --" + name + " has no help text");
    app_->add_option("--" + name)
        ->description(std::move(help))
        ->type_name(std::move(value))
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    return *this;
}

Args& Args::flag(const std::string& name, std::string help) {
    if (help.empty()) throw std::logic_error("peng-cli: --" + name + " has no help text");
    app_->add_flag("--" + name)->description(std::move(help));
    return *this;
}

Args& Args::requires_text(std::string text) {
    requires_text_ = std::move(text);
    return *this;
}

Args& Args::footer(std::string text) {
    app_->footer(std::move(text));
    return *this;
}

std::string Args::usage_line() const {
    std::string line = "peng-cli " + command_;
    if (!words_usage_.empty()) line += " " + words_usage_;
    if (!requires_text_.empty()) line += " " + requires_text_;
    for (const CLI::Option* o : app_->get_options()) {
        if (o->get_group().empty() || is_help(o) || mentions(requires_text_, o->get_lnames().front())) continue;
        std::string item = "--" + o->get_lnames().front();
        if (!o->get_type_name().empty()) {
            item += " " + o->get_type_name();
            if (!o->get_default_str().empty()) item += "=" + o->get_default_str();
        }
        line += " [" + item + "]";
        if (o->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll) line += "...";
    }
    return line;
}

Args& Args::parse(int argc, char** argv) {
    app_->formatter(std::make_shared<HelpFormatter>(usage_line(), words_help_));
    std::vector<const char*> with_name = {"peng-cli"};   // CLI11 skips argv[0]
    with_name.insert(with_name.end(), argv, argv + argc);
    try {
        app_->parse(int(with_name.size()), with_name.data());
    } catch (const CLI::CallForHelp&) {
        std::fputs(app_->help().c_str(), stdout);
        throw HelpShown{};
    } catch (const CLI::ArgumentMismatch& e) {
        const std::string what = e.what();   // "--ngen: 1 required N missing"
        const size_t colon = what.find(':');
        if (what.find(" missing") == std::string::npos || colon == std::string::npos) throw UsageError(what);
        throw UsageError("option " + what.substr(0, colon) + " needs a value");
    } catch (const CLI::ParseError& e) {
        throw UsageError(e.what());
    }
    for (const std::string& extra : app_->remaining()) {
        if (extra == "--") break;   // words only from here on
        if (extra.empty() || extra[0] != '-') continue;   // a word the command counts itself
        const std::string name = extra.substr(0, extra.find('='));
        std::vector<std::string> known;
        for (const CLI::Option* o : app_->get_options())
            for (const std::string& long_name : o->get_lnames()) known.push_back("--" + long_name);
        const std::string suggestion = nearest_name(name.rfind("--", 0) == 0 ? name : "-" + name, known);
        throw UsageError("unknown option " + name + (suggestion.empty() ? "" : "; did you mean " + suggestion + "?"));
    }
    // Words CLI11 left over (after an option's value, say) are positional too, in order.
    for (const std::string& extra : app_->remaining())
        if (extra != "--") positional_.push_back(extra);
    return *this;
}

const CLI::Option& Args::declared(const std::string& name) const {
    const CLI::Option* o = app_->get_option_no_throw("--" + name);
    if (!o) throw std::logic_error("peng-cli " + command_ + " reads --" + name + " but does not declare it");
    return *o;
}

bool Args::declares(const std::string& name) const { return app_->get_option_no_throw("--" + name) != nullptr; }

bool Args::has(const std::string& name) const { return declared(name).count() != 0; }

std::optional<std::string> Args::get(const std::string& name) const {
    const CLI::Option& o = declared(name);
    if (o.count() == 0 || o.results().empty()) return std::nullopt;
    return o.results().back();
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

std::vector<std::string> Args::get_all(const std::string& name) const { return declared(name).results(); }

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

void Args::usage_error() const { throw Error("usage: " + usage_line() + " (peng-cli " + command_ + " --help explains)"); }

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
