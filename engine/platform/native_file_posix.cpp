// NativeFile on POSIX systems (see native_file.h).
#ifndef _WIN32
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "platform/file_kind.h"
#include "platform/native_file.h"

namespace peng {

namespace {
// Linux moves at most 0x7ffff000 bytes per read call; keep chunks 4096-aligned.
constexpr uint64_t kMaxReadPerCall = 0x7ffff000ULL;
}

namespace {

std::string kind_problem(mode_t mode) {
    using Type = std::filesystem::file_type;
    const Type type = S_ISREG(mode)    ? Type::regular
                      : S_ISDIR(mode)  ? Type::directory
                      : S_ISFIFO(mode) ? Type::fifo
                      : S_ISCHR(mode)  ? Type::character
                      : S_ISBLK(mode)  ? Type::block
                      : S_ISSOCK(mode) ? Type::socket
                                       : Type::unknown;
    return not_a_regular_file(type);
}

std::string errno_problem(int code) {
    if (code == ENOENT) return "does not exist";
    if (code == ENOTDIR) return "does not exist (a part of the path is not a directory)";
    if (code == ELOOP) return "too many levels of symbolic links (a symbolic link loop?)";
    return std::string("cannot be opened: ") + std::strerror(code);
}

}  // namespace

std::string regular_file_problem(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return errno_problem(errno);
    return kind_problem(st.st_mode);
}

bool path_exists(const std::string& path) {
    struct stat st {};
    return ::lstat(path.c_str(), &st) == 0 || (errno != ENOENT && errno != ENOTDIR);
}

bool NativeFile::open(const std::string& path, bool unbuffered, std::string& error) {
    close();
    // Checked before opening, because opening a FIFO or a device can block or act.
    error = regular_file_problem(path);
    if (!error.empty()) return false;
    // O_NONBLOCK: a FIFO swapped in after the check is refused below, not waited on.
    int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK;
#ifdef O_DIRECT
    if (unbuffered) flags |= O_DIRECT;
#else
    if (unbuffered) {
        error = "unbuffered reads are not supported here";
        return false;
    }
#endif
    const int fd = ::open(path.c_str(), flags);
    if (fd < 0) {
        error = errno_problem(errno);
        return false;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        error = kind_problem(st.st_mode);
        ::close(fd);
        return false;
    }
    handle_ = fd;
    return true;
}

void NativeFile::close() {
    if (handle_ != kClosed) ::close(static_cast<int>(handle_));
    handle_ = kClosed;
}

bool NativeFile::regular_file_size(uint64_t& size, std::string& error) const {
    struct stat st {};
    if (::fstat(static_cast<int>(handle_), &st) != 0) {
        error = std::string("cannot stat: ") + std::strerror(errno);
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        error = kind_problem(st.st_mode);
        return false;
    }
    size = static_cast<uint64_t>(st.st_size);
    return true;
}

int64_t NativeFile::read_at(void* dst, uint64_t bytes, uint64_t offset, std::string& error) const {
    const size_t chunk = static_cast<size_t>(std::min(bytes, kMaxReadPerCall & ~uint64_t(4095)));
    for (;;) {
        const ssize_t got = ::pread(static_cast<int>(handle_), dst, chunk, static_cast<off_t>(offset));
        if (got >= 0) return got;
        if (errno != EINTR) {
            error = std::strerror(errno);
            return -1;
        }
    }
}

bool is_regular_file(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

void* allocate_aligned(uint64_t alignment, uint64_t bytes) {
    return std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
}

void free_aligned(void* p) { std::free(p); }

void* allocate_large(uint64_t bytes) {
    const uint64_t rounded = (bytes + 4095) / 4096 * 4096;
    void* p = allocate_aligned(rounded >= kHugePageBytes ? kHugePageBytes : 4096, rounded);
#ifdef MADV_HUGEPAGE
    if (p && rounded >= kHugePageBytes) ::madvise(p, rounded, MADV_HUGEPAGE);  // a hint: refusal is harmless
#endif
    return p;
}

}  // namespace peng
#endif
