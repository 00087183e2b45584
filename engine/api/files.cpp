#include "api/files.h"

#include <cstdio>

#include "io/atomic_write.h"
#include "io/file.h"
#include "util/error.h"

namespace peng {

namespace {
std::string mebibytes(uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(1 << 20));
    return text;
}
}  // namespace

void save_file(const std::string& path, const std::string& content) { write_file_atomically(path, content); }

std::string read_small_file(const std::string& path, uint64_t max_bytes) {
    const ReadFile file(path);  // regular files only, opened without blocking, checked after opening
    if (file.size() > max_bytes)
        throw Error(path + ": is " + mebibytes(file.size()) + ", more than the " + mebibytes(max_bytes) + " read here");
    std::string bytes(file.size(), '\0');
    file.read_exact(0, bytes.data(), bytes.size());  // the size taken at opening: a file growing since is cut there
    return bytes;
}

}  // namespace peng
