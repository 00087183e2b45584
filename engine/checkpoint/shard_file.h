#pragma once
// The bytes of one original shard file, whether it is stored as released or as a
// packed file of raw segments and zstd frames (pack_index.h). Offsets are always
// those of the original file, so everything above reads both layouts alike.
#include <cstdint>
#include <optional>
#include <string>

#include "checkpoint/pack_index.h"
#include "io/file.h"

namespace peng {

class ShardFile {
public:
    explicit ShardFile(const std::string& path);                    // as released
    ShardFile(const std::string& packed_path, PackedShard layout);  // packed; checks the file's size

    // The file on disk (the packed file for a packed shard): what errors name.
    const std::string& path() const { return file_.path(); }
    uint64_t size() const { return packed_ ? packed_->size : file_.size(); }
    const PackedShard* packed() const { return packed_ ? &*packed_ : nullptr; }
    // Reads exactly [offset, offset + bytes) of the original file; zstd frames on the
    // way are decompressed and verified. Thread-safe.
    void read_exact(uint64_t offset, void* dst, uint64_t bytes) const;

private:
    ReadFile file_;
    std::optional<PackedShard> packed_;
};

}  // namespace peng
