#pragma once
// A secret kept in a file of its own (an API key, an access token), so that it never
// shows in the process list as a command-line argument would.
#include <string>

namespace peng::cli {

// The file's one line without trailing whitespace. Throws peng::Error naming `what` and
// the file when it cannot be read, is empty or holds more than one line.
std::string read_secret_file(const std::string& path, const std::string& what);

}  // namespace peng::cli
