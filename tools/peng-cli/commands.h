#pragma once
// peng-cli subcommands register themselves: each cmd_*.cpp defines one
// `static const Command registered{...}`, so adding a command touches no table.
// The handler's argv[0] is the first argument after the command word; it declares its
// flags in an Args (args.h), which answers --help.
#include <functional>
#include <map>
#include <string>

namespace peng::cli {

using Handler = std::function<int(int argc, char** argv)>;

struct Command {
    Command(std::string name, std::string summary, Handler handler);
};

struct CommandEntry {
    std::string summary;   // one line for `peng-cli --help`
    Handler handler;
};

std::map<std::string, CommandEntry>& command_table();

}  // namespace peng::cli
