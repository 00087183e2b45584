#include "io/atomic_write.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "platform/durable_file.h"
#include "util/error.h"

namespace peng {

void commit_file(const std::string& temporary, const std::string& path) {
    sync_to_disk(temporary);
    replace_file(temporary, path);
#ifndef _WIN32
    // The rename itself is durable once the directory is synced.
    const std::string parent = std::filesystem::path(path).parent_path().string();
    sync_to_disk(parent.empty() ? "." : parent);
#endif
}

void write_file_atomically(const std::string& path, const std::string& content) {
    const std::string temporary = path + ".tmp";
    FILE* out = std::fopen(temporary.c_str(), "wb");
    if (!out) throw Error(temporary + ": cannot create: " + std::strerror(errno));
    const bool written = std::fwrite(content.data(), 1, content.size(), out) == content.size();
    if (std::fclose(out) != 0 || !written) throw Error(temporary + ": cannot write: " + std::strerror(errno));
    commit_file(temporary, path);
}

}  // namespace peng
