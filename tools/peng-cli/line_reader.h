#pragma once
// chat's input. On a terminal, where the build has libedit, lines are read with line
// editing and a history (up and down arrows) kept across sessions in the data folder;
// otherwise, and always for piped input, plain getline, so scripts read exactly as
// they did.
#include <string>

namespace peng::cli {

class LineReader {
public:
    // `history_file` keeps the lines typed on a terminal; "" keeps none.
    explicit LineReader(std::string history_file);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // Shows `prompt` and reads one line; false at the end of the input.
    bool read(const char* prompt, std::string& line);
    bool editing() const { return editing_; }

private:
    bool editing_ = false;
    std::string history_file_;
};

// Where chat keeps its history: <data folder>/chat_history (platform/data_dir.h).
std::string chat_history_file();

}  // namespace peng::cli
