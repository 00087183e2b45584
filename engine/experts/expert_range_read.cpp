#include "experts/expert_range_read.h"

#include "io/zstd_frame.h"
#include "util/error.h"

namespace peng {

namespace {
std::string expert_name(int layer, int expert) {
    return "layer " + std::to_string(layer) + " expert " + std::to_string(expert);
}
}  // namespace

void check_expert_range(const ByteRange& range, int layer, int expert) {
    const PackedShard* packed = range.file->file().packed();
    if (packed && !packed->frame_for(range.offset, range.bytes))
        throw Error(range.file->path() + ": " + expert_name(layer, expert) +
                    " is not stored as one zstd frame (the pack index does not match the shard)");
}

const uint8_t* read_expert_range(const DirectReader& reader, const ByteRange& range, AlignedBuffer& out, int layer,
                                 int expert) {
    const PackedShard* packed = range.file->file().packed();
    if (!packed) return reader.read(range.offset, range.bytes, out);
    const PackSegment& frame = *packed->frame_for(range.offset, range.bytes);  // checked when the store opened
    thread_local AlignedBuffer compressed;  // one per I/O thread
    const uint8_t* src = reader.read(frame.packed_offset, frame.packed_bytes, compressed);
    out.reserve(range.bytes);
    decompress_frame(src, frame.packed_bytes, out.data(), range.bytes, frame.checksum,
                     reader.path() + ": " + expert_name(layer, expert) + " (frame at packed offset " +
                         std::to_string(frame.packed_offset) + ")");
    return out.data();
}

}  // namespace peng
