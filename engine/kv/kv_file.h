#pragma once
// One conversation's KV snapshot as a file. Little-endian, in this order:
//
//   header   magic "PENGKV\r\n", format version (u32), KV layout version (u32),
//            header bytes (u64, magic to payload checksum inclusive), identity (model
//            fingerprint u64, template hash u64), layer count (u32) and per layer its
//            kind, KV heads, head dim, V head dim and window (u32 each), the key
//            (u32 length + bytes), the tokens (u32 count + i32 each), per layer its
//            ranges (u32 count + i32 begin, i32 end each), the payload's raw bytes
//            (u64), frame bytes (u64) and zstd content checksum (u32)
//   check    FNV-1a 64 of the header (u64)
//   payload  one zstd frame with content checksum: every range's floats, layer by
//            layer, range by range, as KvRange holds them
//
// The header alone decides whether a file can serve a prompt, so a store picks among
// its files without reading their payloads. Floats travel as their bytes.
#include <cstdint>
#include <string>

#include "io/file.h"
#include "kv/kv_snapshot.h"

namespace peng {

// The container: the header's fields and their order.
constexpr uint32_t kKvFormatVersion = 1;
// The payload's meaning: per position keys (rotated) of every KV head in head order,
// then values (already multiplied by the value scale), as LayerKvCache::append takes them.
constexpr uint32_t kKvLayoutVersion = 1;

// Identity a KV file is bound to: the model (config, tensor inventory) and the chat
// template text; compared exactly when loading.
struct KvIdentity {
    uint64_t model = 0, template_hash = 0;
    static KvIdentity of(const std::string& model_dir, const std::string& template_text);
    bool operator==(const KvIdentity&) const = default;
};

// The file's bytes: the header with its checksum, then the payload frame.
struct KvFileBytes {
    std::string header;
    std::vector<uint8_t> payload;
};
KvFileBytes encode_kv_file(const KvIdentity& identity, const std::string& key, const KvSnapshot& snapshot,
                           int zstd_level);

// A file's header, checked: its snapshot has tokens, shapes and ranges, no floats yet.
struct KvFileHeader {
    std::string key;
    KvSnapshot snapshot;
    uint64_t payload_offset = 0, payload_frame_bytes = 0, payload_raw_bytes = 0;
    uint32_t payload_checksum = 0;
};
// Reads and checks the header of `file` against the identity and the model's geometry.
// Throws peng::Error naming the file and what is wrong (not a KV file, another version
// or layout, truncated, corrupt, another model or template, another geometry).
KvFileHeader read_kv_header(const ReadFile& file, const KvIdentity& identity, const ModelConfig& config);
// Reads the payload into header.snapshot's ranges, checking its zstd checksum.
void read_kv_payload(const ReadFile& file, KvFileHeader& header);

}  // namespace peng
