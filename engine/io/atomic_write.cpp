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
    write_file_atomically(path, std::vector<std::string_view>{content});
}

void write_file_atomically(const std::string& path, const std::vector<std::string_view>& pieces) {
    const std::string temporary = path + ".tmp";
    FILE* out = std::fopen(temporary.c_str(), "wb");
    if (!out) throw Error(temporary + ": cannot create: " + std::strerror(errno));
    bool written = true;
    for (std::string_view piece : pieces)
        written = written && std::fwrite(piece.data(), 1, piece.size(), out) == piece.size();
    const int write_errno = errno;
    const bool closed = std::fclose(out) == 0;
    try {
        if (!written || !closed)
            throw Error(temporary + ": cannot write: " + std::strerror(written ? errno : write_errno));
        commit_file(temporary, path);
    } catch (...) {
        std::remove(temporary.c_str());  // a half-written temporary is of no use to anyone
        throw;
    }
}

}  // namespace peng
