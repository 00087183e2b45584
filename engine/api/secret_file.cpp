#include "api/secret_file.h"

#include "api/files.h"
#include "util/error.h"

namespace peng {

namespace {

// A key or token is a line; anything bigger is not one (and must not be read whole).
constexpr uint64_t kMaxSecretFileBytes = 64 * 1024;

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

bool usable_secret(const std::string& secret) {
    for (const char c : secret) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte >= 0x7f) return false;
    }
    return true;
}

std::string read_secret_file(const std::string& path, const std::string& what) {
    std::string text;
    try {
        text = read_small_file(path, kMaxSecretFileBytes);
    } catch (const Error& e) {
        throw Error("cannot read the " + what + " file " + e.what());
    }
    size_t begin = 0, end = text.size();
    while (begin < end && blank(text[begin])) ++begin;
    while (end > begin && blank(text[end - 1])) --end;
    const std::string secret = text.substr(begin, end - begin);
    if (secret.empty()) throw Error("the " + what + " file " + path + " is empty");
    if (secret.find_first_of("\r\n") != std::string::npos)
        throw Error("the " + what + " file " + path + " holds more than one line");
    if (!usable_secret(secret))
        throw Error("the " + what + " file " + path +
                    " holds a space, a control character or a non-ASCII character, which a key cannot contain");
    return secret;
}

}  // namespace peng
