#include "checkpoint/shard_file.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "io/zstd_frame.h"
#include "util/error.h"

namespace peng {

ShardFile::ShardFile(const std::string& path) : file_(path) {}

ShardFile::ShardFile(const std::string& packed_path, PackedShard layout) : file_(packed_path), packed_(std::move(layout)) {
    if (file_.size() != packed_->packed_size)
        throw Error(packed_path + ": packed file has " + std::to_string(file_.size()) + " bytes, the pack index says " +
                    std::to_string(packed_->packed_size) + " (truncated or replaced?)");
}

void ShardFile::read_exact(uint64_t offset, void* dst, uint64_t bytes) const {
    if (!packed_) return file_.read_exact(offset, dst, bytes);
    if (offset > packed_->size || bytes > packed_->size - offset)
        throw Error(path() + ": read of " + std::to_string(bytes) + " bytes at offset " + std::to_string(offset) +
                    " is past the end of the original file (" + std::to_string(packed_->size) + " bytes)");
    auto* out = static_cast<uint8_t*>(dst);
    std::vector<uint8_t> frame, raw;
    while (bytes > 0) {
        const PackSegment& s = *packed_->segment_at(offset);  // the segments tile the file: never null here
        const uint64_t skip = offset - s.offset, take = std::min(bytes, s.bytes - skip);
        if (s.kind == PackSegment::Kind::Raw) {
            file_.read_exact(s.packed_offset + skip, out, take);
        } else {
            frame.resize(s.packed_bytes);
            file_.read_exact(s.packed_offset, frame.data(), s.packed_bytes);
            const bool whole = skip == 0 && take == s.bytes;  // decode in place when the whole frame is wanted
            if (!whole) raw.resize(s.bytes);
            decompress_frame(frame.data(), frame.size(), whole ? out : raw.data(), s.bytes, s.checksum,
                             path() + ": frame at packed offset " + std::to_string(s.packed_offset));
            if (!whole) std::memcpy(out, raw.data() + skip, take);
        }
        out += take;
        offset += take;
        bytes -= take;
    }
}

}  // namespace peng
