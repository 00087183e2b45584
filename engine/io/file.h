#pragma once
// Read-only file access with 64-bit offsets. Reads loop, because the OS may move
// fewer bytes per call than asked (Linux pread at most 0x7ffff000) without error.
#include <cstdint>
#include <string>

#include "platform/native_file.h"

namespace peng {

class ReadFile {
public:
    ReadFile() = default;
    explicit ReadFile(const std::string& path);  // throws peng::Error naming the path
    ReadFile(ReadFile&& other) noexcept = default;
    ReadFile& operator=(ReadFile&& other) noexcept = default;
    ReadFile(const ReadFile&) = delete;
    ReadFile& operator=(const ReadFile&) = delete;

    uint64_t size() const { return size_; }
    const std::string& path() const { return path_; }
    // Reads exactly `bytes` at `offset`, or throws naming the file and range.
    void read_exact(uint64_t offset, void* dst, uint64_t bytes) const;

private:
    NativeFile file_;
    uint64_t size_ = 0;
    std::string path_;
};

// Reads a whole (small) file into a string; throws naming the path.
std::string read_text_file(const std::string& path);
// True when anything is at `path`: an optional file that is there is read, and if it is
// a directory, FIFO or device, ReadFile says so instead of it being silently skipped.
bool file_exists(const std::string& path);

}  // namespace peng
