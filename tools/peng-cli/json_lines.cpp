#include "json_lines.h"

#include "io/file.h"
#include "util/error.h"

namespace peng::cli {

JsonLines::JsonLines(std::istream& in, std::string origin) : in_(in), origin_(std::move(origin)) {}

bool JsonLines::next(std::string& line) {
    line.clear();
    std::streambuf* buffer = in_.rdbuf();
    for (int c = buffer->sbumpc();; c = buffer->sbumpc()) {
        if (c == std::char_traits<char>::eof()) {
            if (line.empty()) return false;
            break;
        }
        if (c == '\n') break;
        if (line.size() == kMaxTextFileBytes)
            throw Error(origin_ + ":" + std::to_string(number_ + 1) + ": the line is longer than " +
                        std::to_string(kMaxTextFileBytes) + " bytes, the most Peng reads of one JSON line");
        line += char(c);
    }
    ++number_;
    return true;
}

}  // namespace peng::cli
