#pragma once
// One byte range of a routed expert, read the way its shard stores it: straight
// from a released shard, or from a packed shard as one read of its zstd frame,
// decompressed and verified on the calling (I/O pool) thread.
#include <cstdint>

#include "checkpoint/expert_locator.h"
#include "io/direct_reader.h"

namespace peng {

// Checks, before any read, that a packed shard stores the range as exactly one frame.
void check_expert_range(const ByteRange& range, int layer, int expert);

// Returns a pointer to the range's bytes inside `out`. A corrupt frame throws a
// peng::Error naming the packed file, the layer and the expert.
const uint8_t* read_expert_range(const DirectReader& reader, const ByteRange& range, AlignedBuffer& out, int layer,
                                 int expert);

}  // namespace peng
