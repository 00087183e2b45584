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

// The most read_text_file reads unless told otherwise: far above any real config,
// tokenizer, index or manifest (a large tokenizer.json is ~30 MB), far below what
// parsing would take to exhaust memory (JSON parses to about ten times its size).
inline constexpr uint64_t kMaxTextFileBytes = 64ull << 20;

// Reads a whole small file (JSON, a template, a manifest) into a string. Only a
// regular file is read, opened without blocking (a FIFO or device is refused, never
// waited on), and one larger than `max_bytes` is refused by its size before a byte is
// read. Throws peng::Error naming the path and why: what is there instead, or its
// size and the cap.
std::string read_text_file(const std::string& path, uint64_t max_bytes = kMaxTextFileBytes);
// True when anything is at `path`: an optional file that is there is read, and if it is
// a directory, FIFO or device, ReadFile says so instead of it being silently skipped.
bool file_exists(const std::string& path);

}  // namespace peng
