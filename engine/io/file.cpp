#include "io/file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "util/error.h"

namespace peng {

namespace {
constexpr uint64_t kMaxReadPerCall = 0x7ffff000ULL;
}

ReadFile::ReadFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw Error(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
        int err = errno;
        ::close(fd_);
        fd_ = -1;
        throw Error(path + ": cannot stat: " + std::strerror(err));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd_);
        fd_ = -1;
        throw Error(path + ": not a regular file");
    }
    size_ = static_cast<uint64_t>(st.st_size);
}

ReadFile::~ReadFile() {
    if (fd_ >= 0) ::close(fd_);
}

ReadFile::ReadFile(ReadFile&& other) noexcept
    : fd_(other.fd_), size_(other.size_), path_(std::move(other.path_)) {
    other.fd_ = -1;
}

ReadFile& ReadFile::operator=(ReadFile&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        size_ = other.size_;
        path_ = std::move(other.path_);
        other.fd_ = -1;
    }
    return *this;
}

void ReadFile::read_exact(uint64_t offset, void* dst, uint64_t bytes) const {
    if (offset > size_ || bytes > size_ - offset)
        throw Error(path_ + ": read of " + std::to_string(bytes) + " bytes at offset " +
                    std::to_string(offset) + " is past the end of the file (" +
                    std::to_string(size_) + " bytes)");
    auto* out = static_cast<char*>(dst);
    while (bytes > 0) {
        size_t chunk = static_cast<size_t>(std::min(bytes, kMaxReadPerCall));
        ssize_t got = ::pread(fd_, out, chunk, static_cast<off_t>(offset));
        if (got < 0) {
            if (errno == EINTR) continue;
            throw Error(path_ + ": read failed at offset " + std::to_string(offset) + ": " +
                        std::strerror(errno));
        }
        if (got == 0) throw Error(path_ + ": unexpected end of file at offset " + std::to_string(offset));
        out += got;
        offset += static_cast<uint64_t>(got);
        bytes -= static_cast<uint64_t>(got);
    }
}

std::string read_text_file(const std::string& path) {
    ReadFile file(path);
    std::string text(file.size(), '\0');
    file.read_exact(0, text.data(), text.size());
    return text;
}

bool file_exists(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace peng
