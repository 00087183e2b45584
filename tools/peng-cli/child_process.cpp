#include "child_process.h"

#include <cstdio>

#include "platform/executable_path.h"
#include "util/error.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;
#endif

namespace peng::cli {

#ifdef _WIN32

ChildResult run_self(const std::vector<std::string>& args) {
    // The ANSI path, as _popen takes the line in the ANSI code page.
    char ansi_path[MAX_PATH];
    const DWORD n = GetModuleFileNameA(nullptr, ansi_path, MAX_PATH);
    if (n == 0 || n == MAX_PATH) throw Error("cannot find this program's path to run it again");
    const std::string path(ansi_path, n);
    // _popen runs the line through cmd.exe, which strips one pair of outer quotes.
    std::string line = "\"\"" + path + "\"";
    for (const std::string& a : args) {
        if (a.find('"') != std::string::npos) throw Error("argument with a double quote: " + a);
        line += " \"" + a + "\"";
    }
    line += "\"";
    FILE* pipe = _popen(line.c_str(), "r");
    if (!pipe) throw Error("cannot run " + path);
    ChildResult result;
    char buffer[4096];
    size_t got;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, got);
    result.exit_code = _pclose(pipe);
    return result;
}

#else

ChildResult run_self(const std::vector<std::string>& args) {
    std::string path = executable_path();
    std::vector<char*> argv{path.data()};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    int fds[2];
    if (::pipe(fds) != 0) throw Error("cannot create a pipe: " + std::string(std::strerror(errno)));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (spawned != 0) {
        ::close(fds[0]);
        throw Error("cannot run " + path + ": " + std::strerror(spawned));
    }
    ChildResult result;
    char buffer[4096];
    for (;;) {
        const ssize_t got = ::read(fds[0], buffer, sizeof buffer);
        if (got > 0) result.out.append(buffer, size_t(got));
        else if (got == 0 || errno != EINTR) break;
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return result;
}

#endif

}  // namespace peng::cli
