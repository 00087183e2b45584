#pragma once
// The operating system's read-only file handle, behind one small interface so the
// engine's readers are the same code on Linux and Windows: pread and O_DIRECT on
// POSIX, ReadFile with an OVERLAPPED offset and FILE_FLAG_NO_BUFFERING on Windows.
// An unbuffered handle needs offsets, sizes and buffer addresses aligned to 4096.
#include <cstdint>
#include <string>

namespace peng {

class NativeFile {
public:
    NativeFile() = default;
    ~NativeFile() { close(); }
    NativeFile(NativeFile&& other) noexcept : handle_(other.handle_) { other.handle_ = kClosed; }
    NativeFile& operator=(NativeFile&& other) noexcept {
        if (this != &other) {
            close();
            handle_ = other.handle_;
            other.handle_ = kClosed;
        }
        return *this;
    }
    NativeFile(const NativeFile&) = delete;
    NativeFile& operator=(const NativeFile&) = delete;

    // Opens `path` for reading, bypassing the OS cache when `unbuffered`. Only a regular
    // file opens, and nothing blocks (a FIFO or device is refused, never waited on). On
    // failure returns false with what is at the path, or the system's reason, in `error`
    // (see regular_file_problem).
    bool open(const std::string& path, bool unbuffered, std::string& error);
    bool is_open() const { return handle_ != kClosed; }
    void close();

    // The size of a regular file; false with the reason in `error` otherwise.
    bool regular_file_size(uint64_t& size, std::string& error) const;
    // Reads up to `bytes` at `offset`: how many were read (0 at end of file), or -1
    // with the system's reason in `error`. Interrupted calls are retried.
    int64_t read_at(void* dst, uint64_t bytes, uint64_t offset, std::string& error) const;

private:
    static constexpr intptr_t kClosed = -1;  // also INVALID_HANDLE_VALUE's bits
    intptr_t handle_ = kClosed;              // a file descriptor or a HANDLE
};

// True when `path` names an existing regular file.
bool is_regular_file(const std::string& path);
// Why `path` cannot be read as a regular file, in words that follow the path: "does not
// exist", "is a directory", "is a FIFO, not a regular file", "is a character device,
// not a regular file", "too many levels of symbolic links", ...; "" when it is one.
std::string regular_file_problem(const std::string& path);
// True when anything is at `path` (a dangling or looping symlink too), so that an
// optional file that is there but unreadable is reported instead of skipped.
bool path_exists(const std::string& path);

// Heap memory aligned for unbuffered reads; free it with free_aligned.
void* allocate_aligned(uint64_t alignment, uint64_t bytes);
void free_aligned(void* p);

// For weights the kernels stream: 2 MiB-aligned and, where the OS lets a program ask
// (Linux transparent huge pages in "madvise" mode), backed by huge pages, so streaming
// takes no TLB miss per 4 KiB page. Only whole 2 MiB stretches become huge pages: the
// tail keeps small ones, so resident memory is the same as a plain allocation.
// Free it with free_aligned; null when out of memory.
constexpr uint64_t kHugePageBytes = 2u << 20;
void* allocate_large(uint64_t bytes);

}  // namespace peng
