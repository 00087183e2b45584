#pragma once
// One independently decompressible zstd frame per stored unit (a routed expert, or
// a dense tensor) of a packed checkpoint. Frames carry zstd's content checksum (the
// low 32 bits of XXH64 of the raw bytes), which the decoder verifies as it runs, so
// checking costs no second pass; the container index keeps a copy of it so that a
// valid frame in the wrong place (a stale or misplaced file) is caught too.
#include <cstdint>
#include <string>
#include <vector>

namespace peng {

// Compresses `bytes` at `level` into a frame with the content size and checksum set.
std::vector<uint8_t> compress_frame(const uint8_t* data, uint64_t bytes, int level);

// The checksum a frame ends with (its last 4 bytes, little-endian).
uint32_t frame_checksum(const uint8_t* frame, uint64_t frame_bytes);

// Decompresses one frame into dst (exactly raw_bytes), checking that it ends with
// `checksum`, decodes cleanly, matches its own content checksum and has the expected
// size. Uses one decompression context per calling thread (the I/O pool's threads).
// Errors are peng::Error messages beginning with `what` (the file and the unit).
void decompress_frame(const uint8_t* frame, uint64_t frame_bytes, uint8_t* dst, uint64_t raw_bytes,
                      uint32_t checksum, const std::string& what);

}  // namespace peng
