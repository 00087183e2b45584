#pragma once
// Runs this peng-cli again as a child process and collects its standard output, for
// benches that want a fresh process per measurement (a cold cache, no memory reused).
#include <string>
#include <vector>

namespace peng::cli {

struct ChildResult {
    int exit_code = -1;
    std::string out;
};

// Runs this executable with `args` (no shell: arguments pass unchanged on POSIX; on
// Windows each is quoted). Its standard error goes to ours. Throws peng::Error when it
// cannot start.
ChildResult run_self(const std::vector<std::string>& args);

}  // namespace peng::cli
