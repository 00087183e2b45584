// peng-cli: the engine on the command line. Every error is caught here and
// printed as one line naming what is wrong; the exit code is then 1 (2 for usage:
// an unknown command or flag, a flag without its value).
// A command's output counts as done only once standard output took all of it.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

#include "args.h"
#include "commands.h"
#include "nearest_name.h"
#include "util/error.h"

namespace peng::cli {

std::map<std::string, CommandEntry>& command_table() {
    static std::map<std::string, CommandEntry> table;
    return table;
}

Command::Command(std::string name, std::string summary, Handler handler) {
    command_table()[std::move(name)] = CommandEntry{std::move(summary), std::move(handler)};
}

}  // namespace peng::cli

#ifndef _WIN32
// Descriptors 0-2 left closed by whoever started us would be handed out by the next
// open(): a shard would then be read as standard input, or output written into it.
// (The Windows C runtime keeps 0-2 reserved even without standard handles.)
static void occupy_closed_standard_descriptors() {
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        const int null_fd = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);  // the lowest free: fd itself
        if (null_fd >= 0 && null_fd != fd) {
            ::dup2(null_fd, fd);
            ::close(null_fd);
        }
    }
}
#endif

// Every command prints through stdout (std::cout shares its buffer): a write that
// failed at any point, or the final flush, turns success into an error that says so.
static int checked_output(const char* command, int code) {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;  // first: std::cout.flush() would flush it too, silently
    const int flush_errno = errno;
    std::cout.flush();
    if (flushed && !std::ferror(stdout) && std::cout.good()) return code;
    const std::string why = flushed ? "" : std::string(" (") + std::strerror(flush_errno) + ")";
    std::fprintf(stderr, "peng-cli %s: error: writing to standard output failed%s: the output is incomplete\n",
                 command, why.c_str());
    return code ? code : 1;
}

static void print_usage(FILE* out) {
    std::fprintf(out, "peng-cli %s: run Xiaomi MiMo-V2 models from the command line\n\n"
                      "usage: peng-cli COMMAND [ARGUMENTS]; peng-cli COMMAND --help (or peng-cli help COMMAND)\n"
                      "lists a command's arguments and flags with their defaults.\n\ncommands:\n",
                 PENG_VERSION);
    for (const auto& [name, entry] : peng::cli::command_table())
        std::fprintf(out, "  %-12s %s\n", name.c_str(), entry.summary.c_str());
    std::fprintf(out, "  %-12s %s\n  %-12s %s\n", "help", "this list, or help COMMAND for one command",
                 "--version", "the version");
}

static int unknown_command(const char* word) {
    std::vector<std::string> names;
    for (const auto& [name, entry] : peng::cli::command_table()) names.push_back(name);
    const std::string nearest = peng::cli::nearest_name(word, names);
    std::fprintf(stderr, "peng-cli: unknown command '%s'%s\n\n", word,
                 nearest.empty() ? "" : ("; did you mean " + nearest + "?").c_str());
    print_usage(stderr);
    return 2;
}

// Runs one command; its Args throws HelpShown for --help and UsageError for calls it
// cannot parse.
static int run_command(const std::string& name, const peng::cli::CommandEntry& entry, int argc, char** argv) {
    try {
        return checked_output(name.c_str(), entry.handler(argc, argv));
    } catch (const peng::cli::HelpShown&) {
        return checked_output(name.c_str(), 0);
    } catch (const peng::cli::UsageError& e) {
        std::fprintf(stderr, "peng-cli %s: error: %s\n(peng-cli %s --help lists its flags)\n", name.c_str(), e.what(),
                     name.c_str());
        return 2;
    } catch (const peng::Error& e) {
        std::fprintf(stderr, "peng-cli %s: error: %s\n", name.c_str(), e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "peng-cli %s: unexpected error: %s\n", name.c_str(), e.what());
        return 1;
    }
}

int main(int argc, char** argv) {
#ifndef _WIN32
    occupy_closed_standard_descriptors();
#else
    // The same bytes on every platform: no "\r\n" translation of rendered templates
    // or JSON, and UTF-8 text shown as such in a console.
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    SetConsoleOutputCP(CP_UTF8);
#endif
    const bool asks_help = argc >= 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") ||
                                         (!std::strcmp(argv[1], "help") && argc == 2));
    if (argc < 2 || asks_help) {
        print_usage(argc < 2 ? stderr : stdout);
        return checked_output("--help", argc < 2 ? 2 : 0);
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::printf("peng-cli %s\n", PENG_VERSION);
        return checked_output("--version", 0);
    }
    auto& table = peng::cli::command_table();
    // peng-cli help COMMAND: that command's --help.
    const bool help_for = !std::strcmp(argv[1], "help");
    const char* name = argv[help_for ? 2 : 1];
    auto it = table.find(name);
    if (it == table.end()) return unknown_command(name);
    if (help_for) {
        char help_flag[] = "--help";
        char* help_argv[] = {help_flag, nullptr};
        return run_command(it->first, it->second, 1, help_argv);
    }
    return run_command(it->first, it->second, argc - 2, argv + 2);
}
