#pragma once
// The index of a packed (zstd) checkpoint: each original shard is kept as a packed
// file of segments in original order. The safetensors header and the dense tensors
// are stored raw (or, optionally, dense tensors as zstd frames); each routed
// expert's contiguous span is one zstd frame, so one read fetches it and any I/O
// thread can decompress it alone. The index is written last, by atomic rename: a
// directory without it is not a complete container.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace peng {

inline constexpr const char* kPackIndexFile = "peng-pack.json";
inline constexpr const char* kPackedSuffix = ".zpack";

struct PackSegment {
    enum class Kind { Raw, Zstd };
    Kind kind = Kind::Raw;
    uint64_t offset = 0, bytes = 0;                // the span in the original shard
    uint64_t packed_offset = 0, packed_bytes = 0;  // where it is stored in the packed file
    uint32_t checksum = 0;                         // zstd frames: the frame's content checksum
    int layer = -1, expert = -1;                   // set for a routed expert's frame
};

struct PackedShard {
    std::string name;           // the original file, e.g. model_pp0_ep1_shard0.safetensors
    uint64_t size = 0;          // its size in bytes
    uint64_t packed_size = 0;   // the packed file's size
    std::vector<PackSegment> segments;  // cover [0, size) in order, stored in order

    std::string packed_name() const { return name + kPackedSuffix; }
    // The segment holding original byte `offset`; null past the end.
    const PackSegment* segment_at(uint64_t offset) const;
    // The zstd frame that stores exactly [offset, offset + bytes); null if none does.
    const PackSegment* frame_for(uint64_t offset, uint64_t bytes) const;
};

nlohmann::json shard_to_json(const PackedShard& shard);
// Validates everything the reader relies on; errors begin with `where`.
PackedShard shard_from_json(const nlohmann::json& j, const std::string& where);

struct PackIndex {
    int level = 0;
    bool dense_compressed = false;
    std::vector<PackedShard> shards;
    std::vector<std::string> copied_files;  // config, tokenizer, template... copied as they are

    // Reads and validates DIR/peng-pack.json; a foreign or garbled file is a peng::Error naming it.
    static PackIndex load(const std::string& dir);
    // Writes DIR/peng-pack.json through a temporary file and an atomic rename.
    void save(const std::string& dir) const;
    const PackedShard* shard(const std::string& name) const;
};

bool is_packed_checkpoint(const std::string& dir);
// Packed shard files without the index: a pack that was interrupted (or is running).
bool is_unfinished_pack(const std::string& dir);

}  // namespace peng
