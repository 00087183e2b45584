#include "platform/file_kind.h"

namespace peng {

namespace fs = std::filesystem;

namespace {
constexpr const char* kOtherKind = "not a regular file";
}

std::string file_kind(fs::file_type type) {
    switch (type) {
    case fs::file_type::none:
    case fs::file_type::not_found:
    case fs::file_type::regular: return "";
    case fs::file_type::directory: return "a directory";
    case fs::file_type::symlink: return "a symbolic link";
    case fs::file_type::block: return "a block device";
    case fs::file_type::character: return "a character device";
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    default: return kOtherKind;
    }
}

std::string not_a_regular_file(fs::file_type type) {
    const std::string kind = file_kind(type);
    if (kind.empty()) return "";
    // A folder needs no more words; for a FIFO or a device the reason is added.
    if (type == fs::file_type::directory || kind == kOtherKind) return "is " + kind;
    return "is " + kind + ", not a regular file";
}

}  // namespace peng
