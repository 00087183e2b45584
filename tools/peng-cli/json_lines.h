#pragma once
// A JSON-lines input (eval's conversations, tokenize's texts) read one line at a time,
// each at most a text file's cap: a file without newlines, or /dev/zero, stops with a
// sentence instead of growing one line until memory runs out. A stream (a pipe, "-")
// is read as it comes, so it may be any length in all.
#include <istream>
#include <string>

namespace peng::cli {

class JsonLines {
public:
    // `origin` names the input in errors ("conversations.jsonl").
    JsonLines(std::istream& in, std::string origin);
    // The next line (without its newline) in `line`; false at the end. Throws
    // peng::Error naming the input and line number when a line passes the cap.
    bool next(std::string& line);
    size_t number() const { return number_; }   // of the line last read, from 1
    std::string where() const { return origin_ + ":" + std::to_string(number_); }

private:
    std::istream& in_;
    std::string origin_;
    size_t number_ = 0;
};

}  // namespace peng::cli
