#include "io/direct_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "util/error.h"

namespace peng {

namespace {
constexpr uint64_t kMaxReadPerCall = 0x7ffff000ULL & ~(kDirectAlignment - 1);

uint64_t align_down(uint64_t v) { return v & ~(kDirectAlignment - 1); }
uint64_t align_up(uint64_t v) { return (v + kDirectAlignment - 1) & ~(kDirectAlignment - 1); }

// Reads exactly `bytes` or up to end of file; returns how many were read.
uint64_t read_loop(int fd, uint8_t* dst, uint64_t offset, uint64_t bytes, const std::string& path) {
    uint64_t done = 0;
    while (done < bytes) {
        const size_t chunk = static_cast<size_t>(std::min(bytes - done, kMaxReadPerCall));
        const ssize_t got = ::pread(fd, dst + done, chunk, static_cast<off_t>(offset + done));
        if (got < 0) {
            if (errno == EINTR) continue;
            throw Error(path + ": read of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                        " failed: " + std::strerror(errno));
        }
        if (got == 0) break;
        done += static_cast<uint64_t>(got);
    }
    return done;
}
}  // namespace

void AlignedBuffer::Free::operator()(uint8_t* p) const { std::free(p); }

AlignedBuffer::AlignedBuffer(uint64_t bytes) { reserve(bytes); }

void AlignedBuffer::reserve(uint64_t bytes) {
    if (bytes <= size_) return;
    const uint64_t rounded = align_up(bytes);
    void* p = std::aligned_alloc(kDirectAlignment, rounded);
    if (!p) throw Error("out of memory allocating a " + std::to_string(rounded) + "-byte read buffer");
    data_.reset(static_cast<uint8_t*>(p));
    size_ = rounded;
}

DirectReader::DirectReader(const std::string& path, bool direct) : path_(path) {
    buffered_fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (buffered_fd_ < 0) throw Error(path + ": cannot open: " + std::strerror(errno));
#ifdef O_DIRECT
    if (direct) direct_fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_DIRECT);  // -1: filesystem refuses
#else
    (void)direct;
#endif
}

DirectReader::~DirectReader() {
    if (direct_fd_ >= 0) ::close(direct_fd_);
    if (buffered_fd_ >= 0) ::close(buffered_fd_);
}

uint64_t DirectReader::span_bytes(uint64_t offset, uint64_t bytes) {
    return align_up(offset + bytes) - align_down(offset);
}

const uint8_t* DirectReader::read(uint64_t offset, uint64_t bytes, AlignedBuffer& buffer) const {
    const uint64_t begin = align_down(offset), span = span_bytes(offset, bytes);
    buffer.reserve(span);
    uint64_t got = 0;
    if (direct_fd_ >= 0) {
        try {
            got = read_loop(direct_fd_, buffer.data(), begin, span, path_);
        } catch (const Error&) {
            got = 0;  // e.g. EINVAL on a filesystem that accepted the flag but not the read
        }
        // The aligned span may run past the end of the file: only the requested part matters.
        if (got >= offset - begin + bytes) return buffer.data() + (offset - begin);
    }
    got = read_loop(buffered_fd_, buffer.data(), offset, bytes, path_);
    if (got != bytes)
        throw Error(path_ + ": unexpected end of file reading " + std::to_string(bytes) + " bytes at offset " +
                    std::to_string(offset) + " (the file was truncated?)");
    return buffer.data();
}

}  // namespace peng
