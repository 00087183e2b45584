// peng-cli: the engine on the command line. Every error is caught here and
// printed as one line naming what is wrong; the exit code is then 1 (2 for usage).
#include <cstdio>
#include <cstring>
#include <exception>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
#endif

#include "commands.h"
#include "util/error.h"

namespace peng::cli {

std::map<std::string, CommandEntry>& command_table() {
    static std::map<std::string, CommandEntry> table;
    return table;
}

Command::Command(std::string name, std::string usage, Handler handler) {
    command_table()[std::move(name)] = CommandEntry{std::move(usage), std::move(handler)};
}

}  // namespace peng::cli

static void print_usage(FILE* out) {
    std::fprintf(out, "peng-cli %s: run Xiaomi MiMo-V2 models from the command line\n\nusage:\n",
                 PENG_VERSION);
    for (const auto& [name, entry] : peng::cli::command_table())
        std::fprintf(out, "  peng-cli %s\n", entry.usage.c_str());
    std::fprintf(out, "  peng-cli --version\n");
}

int main(int argc, char** argv) {
#ifdef _WIN32
    // The same bytes on every platform: no "\r\n" translation of rendered templates
    // or JSON, and UTF-8 text shown as such in a console.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    SetConsoleOutputCP(CP_UTF8);
#endif
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        print_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::printf("peng-cli %s\n", PENG_VERSION);
        return 0;
    }
    auto& table = peng::cli::command_table();
    auto it = table.find(argv[1]);
    if (it == table.end()) {
        std::fprintf(stderr, "peng-cli: unknown command '%s'\n", argv[1]);
        print_usage(stderr);
        return 2;
    }
    try {
        return it->second.handler(argc - 2, argv + 2);
    } catch (const peng::Error& e) {
        std::fprintf(stderr, "peng-cli %s: error: %s\n", argv[1], e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "peng-cli %s: unexpected error: %s\n", argv[1], e.what());
        return 1;
    }
}
