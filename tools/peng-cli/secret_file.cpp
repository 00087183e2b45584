#include "secret_file.h"

#include <fstream>
#include <sstream>

#include "util/error.h"

namespace peng::cli {

std::string read_secret_file(const std::string& path, const std::string& what) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error("cannot read the " + what + " file " + path);
    std::stringstream text;
    text << file.rdbuf();
    std::string secret = text.str();
    while (!secret.empty() && std::isspace(static_cast<unsigned char>(secret.back()))) secret.pop_back();
    if (secret.empty()) throw Error("the " + what + " file " + path + " is empty");
    if (secret.find_first_of("\r\n") != std::string::npos)
        throw Error("the " + what + " file " + path + " holds more than one line");
    return secret;
}

}  // namespace peng::cli
