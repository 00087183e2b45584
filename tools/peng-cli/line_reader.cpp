#include "line_reader.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "platform/data_dir.h"

#ifdef PENG_CLI_LIBEDIT
#include <unistd.h>
#include <editline/readline.h>
#endif

namespace peng::cli {
namespace {

bool read_plain(const char* prompt, std::string& line) {
    std::fputs(prompt, stdout);
    std::fflush(stdout);
    return static_cast<bool>(std::getline(std::cin, line));
}

}  // namespace

#ifdef PENG_CLI_LIBEDIT
constexpr int kHistoryLines = 1000;

LineReader::LineReader(std::string history_file) : history_file_(std::move(history_file)) {
    // Both ends a terminal: libedit echoes and redraws on stdout.
    editing_ = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    if (!editing_) return;
    using_history();
    stifle_history(kHistoryLines);
    if (!history_file_.empty()) read_history(history_file_.c_str());   // none yet is fine
}

LineReader::~LineReader() {
    if (!editing_ || history_file_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(history_file_).parent_path(), ec);
    if (write_history(history_file_.c_str()) != 0)
        std::fprintf(stderr, "warning: chat history not saved to %s\n", history_file_.c_str());
}

bool LineReader::read(const char* prompt, std::string& line) {
    if (!editing_) return read_plain(prompt, line);
    char* typed = readline(prompt);
    if (!typed) return false;
    line = typed;
    std::free(typed);
    if (!line.empty()) add_history(line.c_str());
    return true;
}
#else
LineReader::LineReader(std::string history_file) : history_file_(std::move(history_file)) {}

LineReader::~LineReader() = default;

bool LineReader::read(const char* prompt, std::string& line) { return read_plain(prompt, line); }
#endif

std::string chat_history_file() { return (std::filesystem::path(peng_data_dir()) / "chat_history").string(); }

}  // namespace peng::cli
