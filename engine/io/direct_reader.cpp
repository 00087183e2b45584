#include "io/direct_reader.h"

#include <algorithm>

#include "util/error.h"

namespace peng {

namespace {
uint64_t align_down(uint64_t v) { return v & ~(kDirectAlignment - 1); }
uint64_t align_up(uint64_t v) { return (v + kDirectAlignment - 1) & ~(kDirectAlignment - 1); }

// Reads exactly `bytes` or up to end of file; returns how many were read.
uint64_t read_loop(const NativeFile& file, uint8_t* dst, uint64_t offset, uint64_t bytes, const std::string& path) {
    uint64_t done = 0;
    std::string error;
    while (done < bytes) {
        const int64_t got = file.read_at(dst + done, bytes - done, offset + done, error);
        if (got < 0)
            throw Error(path + ": read of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                        " failed: " + error);
        if (got == 0) break;
        done += static_cast<uint64_t>(got);
    }
    return done;
}
}  // namespace

void AlignedBuffer::Free::operator()(uint8_t* p) const { free_aligned(p); }

AlignedBuffer::AlignedBuffer(uint64_t bytes) { reserve(bytes); }

void AlignedBuffer::reserve(uint64_t bytes) {
    if (bytes <= size_) return;
    const uint64_t rounded = align_up(bytes);
    void* p = allocate_large(rounded);  // kernels stream expert weights straight from here
    if (!p) throw Error("out of memory allocating a " + std::to_string(rounded) + "-byte read buffer");
    data_.reset(static_cast<uint8_t*>(p));
    size_ = rounded;
}

DirectReader::DirectReader(const std::string& path, bool direct) : path_(path) {
    std::string error;
    if (!buffered_.open(path, false, error)) throw Error(path + ": " + error);
    if (direct) direct_.open(path, true, error);  // stays closed where the filesystem refuses
}

uint64_t DirectReader::span_bytes(uint64_t offset, uint64_t bytes) {
    return align_up(offset + bytes) - align_down(offset);
}

const uint8_t* DirectReader::read(uint64_t offset, uint64_t bytes, AlignedBuffer& buffer) const {
    const uint64_t span = span_bytes(offset, bytes);
    buffer.reserve(span);
    read_piece(offset, bytes, 0, span, buffer.data());
    return buffer.data() + (offset - align_down(offset));
}

void DirectReader::read_piece(uint64_t offset, uint64_t bytes, uint64_t piece_begin, uint64_t piece_end,
                              uint8_t* span) const {
    const uint64_t begin = align_down(offset);
    // The requested bytes that fall in this piece, as file offsets.
    const uint64_t want_begin = std::max(offset, begin + piece_begin);
    const uint64_t want_end = std::min(offset + bytes, begin + piece_end);
    if (want_begin >= want_end) return;
    if (direct_.is_open()) {
        uint64_t got = 0;
        try {
            got = read_loop(direct_, span + piece_begin, begin + piece_begin, piece_end - piece_begin, path_);
        } catch (const Error&) {
            got = 0;  // e.g. EINVAL on a filesystem that accepted the flag but not the read
        }
        // The aligned span may run past the end of the file: only the requested part matters.
        if (begin + piece_begin + got >= want_end) return;
    }
    const uint64_t want = want_end - want_begin;
    const uint64_t got = read_loop(buffered_, span + (want_begin - begin), want_begin, want, path_);
    if (got != want)
        throw Error(path_ + ": unexpected end of file reading " + std::to_string(bytes) + " bytes at offset " +
                    std::to_string(offset) + " (the file was truncated?)");
}

}  // namespace peng
