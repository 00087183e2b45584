#pragma once
// Packing a released checkpoint into the zstd container (pack_index.h) and back.
// pack: each shard goes to "<shard>.zpack.partial", is synced and renamed, then its
// layout is recorded in "<shard>.zpack.json"; a rerun skips shards whose packed file
// and record agree (resume). Config, tokenizer and template files are copied, and the
// container index is written last, so an interrupted pack is never taken for a
// complete one. unpack rebuilds every original file byte for byte.
#include <cstdint>
#include <functional>
#include <string>

namespace peng {

struct PackOptions {
    int level = 1;                  // zstd level: 1 already reaches the entropy floor of int4 weights
    bool compress_dense = false;    // also store each dense tensor as its own frame
    std::function<void(const std::string&)> progress;       // one line per shard
    std::function<void(const std::string&)> after_shard;    // a shard is done (tests interrupt here)
};

struct PackResult {
    uint64_t raw_bytes = 0, packed_bytes = 0;                // all shards
    uint64_t expert_raw_bytes = 0, expert_packed_bytes = 0;  // routed expert frames only
    int shards = 0, shards_resumed = 0;
    double seconds = 0;
};

PackResult pack_checkpoint(const std::string& src_dir, const std::string& out_dir, const PackOptions& options);

// Writes the release layout of a packed checkpoint into out_dir (which must not hold
// any of its files yet); every frame is verified on the way.
void unpack_checkpoint(const std::string& packed_dir, const std::string& out_dir,
                       const std::function<void(const std::string&)>& progress = {});

}  // namespace peng
