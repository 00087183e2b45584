// NewFile, sync_to_disk and replace_file on POSIX systems (see durable_file.h).
#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "platform/durable_file.h"
#include "util/error.h"

namespace peng {

namespace {
// Linux moves at most 0x7ffff000 bytes per write call.
constexpr size_t kMaxWritePerCall = 0x7ffff000;
}  // namespace

std::optional<NewFile> NewFile::create(const std::string& path) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return NewFile(path, fd);
    if (errno == EEXIST) return std::nullopt;
    throw Error(path + ": cannot create: " + std::strerror(errno));
}

NewFile::~NewFile() {
    if (handle_ != kClosed) ::close(static_cast<int>(handle_));
}

void NewFile::write(const void* data, size_t bytes) {
    const char* at = static_cast<const char*>(data);
    while (bytes > 0) {
        const ssize_t n = ::write(static_cast<int>(handle_), at, std::min(bytes, kMaxWritePerCall));
        if (n < 0 && errno == EINTR) continue;
        // A short write is retried: the retry reports why (ENOSPC, EFBIG, EIO).
        if (n <= 0) throw Error(path_ + ": cannot write: " + (n < 0 ? std::strerror(errno) : "nothing was written"));
        at += n;
        bytes -= size_t(n);
    }
}

void NewFile::sync() {
    if (::fsync(static_cast<int>(handle_)) != 0) throw Error(path_ + ": cannot sync: " + std::strerror(errno));
}

void NewFile::close() {
    const int fd = static_cast<int>(handle_);
    handle_ = kClosed;
    // After close() fails the descriptor is gone either way (POSIX.1-2024): never retry.
    if (::close(fd) != 0 && errno != EINTR) throw Error(path_ + ": cannot close: " + std::strerror(errno));
}

void sync_to_disk(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw Error(path + ": cannot open to sync: " + std::strerror(errno));
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // EINVAL: a filesystem without fsync for this kind of file (e.g. some directories).
    if (rc != 0 && err != EINVAL) throw Error(path + ": cannot sync: " + std::strerror(err));
}

void replace_file(const std::string& from, const std::string& to) {
    if (std::rename(from.c_str(), to.c_str()) != 0)
        throw Error(to + ": cannot rename " + from + " into place: " + std::strerror(errno));
}

}  // namespace peng
#endif
