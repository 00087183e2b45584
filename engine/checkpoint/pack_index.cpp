#include "checkpoint/pack_index.h"

#include <algorithm>
#include <filesystem>

#include "io/atomic_write.h"
#include "io/file.h"
#include "util/error.h"

namespace peng {

namespace {

constexpr const char* kFormat = "peng-zstd-pack";
constexpr int kVersion = 1;

uint64_t u64(const nlohmann::json& j, const char* key, const std::string& where) {
    auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) throw Error(where + ": '" + key + "' must be a non-negative integer");
    return it->get<uint64_t>();
}

bool valid_file_name(const std::string& name) {
    return !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
}

}  // namespace

const PackSegment* PackedShard::segment_at(uint64_t offset) const {
    auto it = std::upper_bound(segments.begin(), segments.end(), offset,
                               [](uint64_t at, const PackSegment& s) { return at < s.offset; });
    if (it == segments.begin()) return nullptr;
    --it;
    return offset < it->offset + it->bytes ? &*it : nullptr;
}

const PackSegment* PackedShard::frame_for(uint64_t offset, uint64_t bytes) const {
    const PackSegment* s = segment_at(offset);
    if (!s || s->kind != PackSegment::Kind::Zstd || s->offset != offset || s->bytes != bytes) return nullptr;
    return s;
}

nlohmann::json shard_to_json(const PackedShard& shard) {
    nlohmann::json segments = nlohmann::json::array();
    for (const auto& s : shard.segments) {
        nlohmann::json j = {{"kind", s.kind == PackSegment::Kind::Zstd ? "zstd" : "raw"},
                            {"offset", s.offset},
                            {"bytes", s.bytes},
                            {"packed_offset", s.packed_offset},
                            {"packed_bytes", s.packed_bytes}};
        if (s.kind == PackSegment::Kind::Zstd) j["checksum"] = s.checksum;
        if (s.layer >= 0) j["expert"] = {s.layer, s.expert};
        segments.push_back(std::move(j));
    }
    return {{"name", shard.name}, {"size", shard.size}, {"packed_size", shard.packed_size}, {"segments", segments}};
}

PackedShard shard_from_json(const nlohmann::json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("name") || !j["name"].is_string())
        throw Error(where + ": a shard entry has no 'name'");
    PackedShard shard;
    shard.name = j["name"].get<std::string>();
    const std::string at = where + ": shard '" + shard.name + "'";
    if (!valid_file_name(shard.name)) throw Error(at + ": invalid file name");
    shard.size = u64(j, "size", at);
    shard.packed_size = u64(j, "packed_size", at);
    if (!j.contains("segments") || !j["segments"].is_array()) throw Error(at + ": missing 'segments' array");
    uint64_t next = 0, next_packed = 0;
    for (const auto& e : j["segments"]) {
        const std::string seg_at = at + ": segment " + std::to_string(shard.segments.size());
        if (!e.is_object()) throw Error(seg_at + ": not an object");
        PackSegment s;
        const std::string kind = e.value("kind", "");
        if (kind == "zstd") s.kind = PackSegment::Kind::Zstd;
        else if (kind != "raw") throw Error(seg_at + ": unknown kind '" + kind + "'");
        s.offset = u64(e, "offset", seg_at);
        s.bytes = u64(e, "bytes", seg_at);
        s.packed_offset = u64(e, "packed_offset", seg_at);
        s.packed_bytes = u64(e, "packed_bytes", seg_at);
        if (s.kind == PackSegment::Kind::Zstd) {
            const uint64_t checksum = u64(e, "checksum", seg_at);
            if (checksum > 0xffffffffu) throw Error(seg_at + ": checksum is not 32 bits");
            s.checksum = static_cast<uint32_t>(checksum);
        } else if (s.packed_bytes != s.bytes) {
            throw Error(seg_at + ": a raw segment's stored size differs from its size");
        }
        if (e.contains("expert")) {
            const auto& x = e["expert"];
            if (!x.is_array() || x.size() != 2 || !x[0].is_number_unsigned() || !x[1].is_number_unsigned())
                throw Error(seg_at + ": 'expert' must be [layer, expert]");
            s.layer = x[0].get<int>();
            s.expert = x[1].get<int>();
        }
        // The reader trusts these: segments tile the shard and the packed file, in order.
        if (s.offset != next || s.packed_offset != next_packed || s.bytes == 0)
            throw Error(seg_at + ": segments do not tile the shard in order");
        next = s.offset + s.bytes;
        next_packed = s.packed_offset + s.packed_bytes;
        shard.segments.push_back(s);
    }
    if (next != shard.size || next_packed != shard.packed_size)
        throw Error(at + ": segments cover " + std::to_string(next) + " of " + std::to_string(shard.size) + " bytes");
    return shard;
}

PackIndex PackIndex::load(const std::string& dir) {
    const std::string path = dir + "/" + kPackIndexFile;
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(read_text_file(path));
    } catch (const nlohmann::json::exception& e) {
        throw Error(path + ": malformed JSON: " + e.what());
    }
    if (!j.is_object() || j.value("format", "") != kFormat)
        throw Error(path + ": not a peng pack index (no \"format\": \"" + kFormat + "\")");
    if (j.value("version", 0) != kVersion)
        throw Error(path + ": pack index version " + j.value("version", nlohmann::json()).dump() +
                    " is not supported (this build reads version " + std::to_string(kVersion) + ")");
    PackIndex index;
    index.level = j.value("level", 0);
    index.dense_compressed = j.value("dense_compressed", false);
    if (!j.contains("shards") || !j["shards"].is_array()) throw Error(path + ": missing 'shards' array");
    for (const auto& s : j["shards"]) index.shards.push_back(shard_from_json(s, path));
    for (const auto& f : j.value("copied_files", nlohmann::json::array())) {
        if (!f.is_string() || !valid_file_name(f.get<std::string>()))
            throw Error(path + ": 'copied_files' holds an invalid file name");
        index.copied_files.push_back(f.get<std::string>());
    }
    return index;
}

void PackIndex::save(const std::string& dir) const {
    nlohmann::json shards_json = nlohmann::json::array();
    for (const auto& s : shards) shards_json.push_back(shard_to_json(s));
    const nlohmann::json j = {{"format", kFormat},          {"version", kVersion},
                              {"level", level},             {"dense_compressed", dense_compressed},
                              {"copied_files", copied_files}, {"shards", shards_json}};
    write_file_atomically(dir + "/" + kPackIndexFile, j.dump(1));
}

const PackedShard* PackIndex::shard(const std::string& name) const {
    for (const auto& s : shards)
        if (s.name == name) return &s;
    return nullptr;
}

bool is_packed_checkpoint(const std::string& dir) { return file_exists(dir + "/" + kPackIndexFile); }

bool is_unfinished_pack(const std::string& dir) {
    if (is_packed_checkpoint(dir)) return false;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().filename().string().find(kPackedSuffix) != std::string::npos) return true;
    return false;
}

}  // namespace peng
