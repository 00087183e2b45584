#pragma once
// Reads byte ranges of a file with O_DIRECT into aligned buffers, bypassing the page
// cache (expert reads are used once and would only evict useful pages). Where the
// filesystem refuses O_DIRECT (tmpfs, some network filesystems) it falls back to
// buffered reads. Ranges need not be aligned: the aligned superset is read and the
// caller gets a pointer to the requested bytes inside it.
#include <cstdint>
#include <memory>
#include <string>

#include "platform/native_file.h"

namespace peng {

constexpr uint64_t kDirectAlignment = 4096;

// A heap buffer aligned for O_DIRECT.
class AlignedBuffer {
public:
    AlignedBuffer() = default;
    explicit AlignedBuffer(uint64_t bytes);
    AlignedBuffer(AlignedBuffer&& other) noexcept : data_(std::move(other.data_)), size_(other.size_) { other.size_ = 0; }
    AlignedBuffer& operator=(AlignedBuffer&& other) noexcept {
        data_ = std::move(other.data_);
        size_ = other.size_;
        other.size_ = 0;
        return *this;
    }
    uint8_t* data() { return data_.get(); }
    const uint8_t* data() const { return data_.get(); }
    uint64_t size() const { return size_; }
    void reserve(uint64_t bytes);  // grows (contents lost), never shrinks

private:
    struct Free {
        void operator()(uint8_t* p) const;
    };
    std::unique_ptr<uint8_t, Free> data_;
    uint64_t size_ = 0;
};

class DirectReader {
public:
    // `direct` false forces buffered reads (the user's choice, or a test).
    DirectReader(const std::string& path, bool direct = true);
    DirectReader(const DirectReader&) = delete;
    DirectReader& operator=(const DirectReader&) = delete;

    bool is_direct() const { return direct_.is_open(); }
    const std::string& path() const { return path_; }
    // Bytes of buffer needed to read `bytes` at `offset` (the aligned superset).
    static uint64_t span_bytes(uint64_t offset, uint64_t bytes);
    // Reads [offset, offset + bytes) into `buffer` (resized as needed) and returns a
    // pointer to the first requested byte. Throws peng::Error naming the file.
    const uint8_t* read(uint64_t offset, uint64_t bytes, AlignedBuffer& buffer) const;
    // One piece of such a read, so that several threads can share a large one: fills
    // bytes [piece_begin, piece_end) of the aligned span of [offset, offset + bytes)
    // into `span` (span_bytes() long, kDirectAlignment-aligned). Piece bounds must be
    // multiples of kDirectAlignment (or the span's end). When every piece is in, the
    // requested bytes start at span + offset % kDirectAlignment.
    void read_piece(uint64_t offset, uint64_t bytes, uint64_t piece_begin, uint64_t piece_end, uint8_t* span) const;

private:
    std::string path_;
    NativeFile direct_;                      // not open where the filesystem refuses
    NativeFile buffered_;
};

}  // namespace peng
