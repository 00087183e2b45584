// peng-cli: the engine on the command line. Every error is caught here and
// printed as one line naming what is wrong; the exit code is then 1 (2 for usage).
// A command's output counts as done only once standard output took all of it.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <unistd.h>
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
    std::fprintf(out, "peng-cli %s: run Xiaomi MiMo-V2 models from the command line\n\nusage:\n",
                 PENG_VERSION);
    for (const auto& [name, entry] : peng::cli::command_table())
        std::fprintf(out, "  peng-cli %s\n", entry.usage.c_str());
    std::fprintf(out, "  peng-cli --version\n");
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
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        print_usage(argc < 2 ? stderr : stdout);
        return checked_output("--help", argc < 2 ? 2 : 0);
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::printf("peng-cli %s\n", PENG_VERSION);
        return checked_output("--version", 0);
    }
    auto& table = peng::cli::command_table();
    auto it = table.find(argv[1]);
    if (it == table.end()) {
        std::fprintf(stderr, "peng-cli: unknown command '%s'\n", argv[1]);
        print_usage(stderr);
        return 2;
    }
    try {
        return checked_output(argv[1], it->second.handler(argc - 2, argv + 2));
    } catch (const peng::Error& e) {
        std::fprintf(stderr, "peng-cli %s: error: %s\n", argv[1], e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "peng-cli %s: unexpected error: %s\n", argv[1], e.what());
        return 1;
    }
}
