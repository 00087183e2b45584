#include "checkpoint/pack.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <map>
#include <optional>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "checkpoint/pack_index.h"
#include "io/atomic_write.h"
#include "io/checksum_manifest.h"
#include "io/zstd_frame.h"
#include "util/error.h"

namespace peng {

namespace {

namespace fs = std::filesystem;

constexpr uint64_t kCopyChunk = 64ULL << 20;   // raw spans are copied in pieces of this size
constexpr uint64_t kBatchBytes = 256ULL << 20; // frames compressed together, in parallel
constexpr const char* kPartial = ".partial";
constexpr const char* kRecord = ".json";       // "<shard>.zpack.json": a finished shard's layout

std::string base_name(const std::string& path) { return fs::path(path).filename().string(); }

// One piece of a shard as it will be stored.
struct Unit {
    PackSegment::Kind kind = PackSegment::Kind::Raw;
    uint64_t offset = 0, bytes = 0;
    int layer = -1, expert = -1;
};

// The shard cut into units in file order: a routed expert's adjacent tensors make one
// frame; dense tensors are raw (merged when adjacent) or one frame each; gaps and
// the header are raw.
std::vector<Unit> plan_units(const SafetensorsFile& shard, const std::map<std::string, std::pair<int, int>>& expert_of,
                             bool compress_dense) {
    std::vector<const TensorInfo*> tensors;
    for (const auto& t : shard.tensors())
        if (t.bytes > 0) tensors.push_back(&t);
    std::sort(tensors.begin(), tensors.end(), [](const TensorInfo* a, const TensorInfo* b) { return a->offset < b->offset; });
    std::vector<Unit> units;
    auto add = [&units](Unit u) {
        Unit* last = units.empty() ? nullptr : &units.back();
        const bool same_raw = u.kind == PackSegment::Kind::Raw && u.layer < 0;
        if (last && last->offset + last->bytes == u.offset && last->kind == u.kind &&
            ((same_raw && last->layer < 0) || (u.layer >= 0 && last->layer == u.layer && last->expert == u.expert))) {
            last->bytes += u.bytes;
            return;
        }
        units.push_back(u);
    };
    uint64_t cursor = 0;
    for (const TensorInfo* t : tensors) {
        if (t->offset > cursor) add({PackSegment::Kind::Raw, cursor, t->offset - cursor});
        Unit u{compress_dense ? PackSegment::Kind::Zstd : PackSegment::Kind::Raw, t->offset, t->bytes};
        if (auto it = expert_of.find(t->name); it != expert_of.end()) {
            u.kind = PackSegment::Kind::Zstd;
            u.layer = it->second.first;
            u.expert = it->second.second;
            add(u);
        } else if (u.kind == PackSegment::Kind::Zstd) {
            units.push_back(u);  // a dense frame is one tensor, never merged
        } else {
            add(u);
        }
        cursor = t->offset + t->bytes;
    }
    if (shard.file().size() > cursor) add({PackSegment::Kind::Raw, cursor, shard.file().size() - cursor});
    return units;
}

// Writes the packed file through a FILE*, tracking the offset.
class PackedWriter {
public:
    explicit PackedWriter(const std::string& path) : path_(path), out_(std::fopen(path.c_str(), "wb")) {
        if (!out_) throw Error(path + ": cannot create: " + std::strerror(errno));
    }
    ~PackedWriter() {
        if (out_) std::fclose(out_);
    }
    void write(const uint8_t* data, uint64_t bytes) {
        if (std::fwrite(data, 1, bytes, out_) != bytes) throw Error(path_ + ": write failed: " + std::strerror(errno));
        offset_ += bytes;
    }
    uint64_t offset() const { return offset_; }
    void close() {
        const int rc = std::fclose(out_);
        out_ = nullptr;
        if (rc != 0) throw Error(path_ + ": write failed: " + std::strerror(errno));
    }  // commit_file() syncs it

private:
    std::string path_;
    FILE* out_;
    uint64_t offset_ = 0;
};

// Compresses a batch of frame units in parallel and appends them in order.
void write_frames(const SafetensorsFile& shard, const std::vector<Unit>& batch, int level, PackedWriter& out,
                  PackedShard& layout) {
    std::vector<std::vector<uint8_t>> frames(batch.size());
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic, 1)
    for (long long i = 0; i < static_cast<long long>(batch.size()); ++i) {
        try {
            std::vector<uint8_t> raw(batch[size_t(i)].bytes);
            shard.file().read_exact(batch[size_t(i)].offset, raw.data(), raw.size());
            frames[size_t(i)] = compress_frame(raw.data(), raw.size(), level);
        } catch (...) {
#pragma omp critical
            failure = std::current_exception();
        }
    }
    if (failure) std::rethrow_exception(failure);
    for (size_t i = 0; i < batch.size(); ++i) {
        const Unit& u = batch[i];
        layout.segments.push_back({PackSegment::Kind::Zstd, u.offset, u.bytes, out.offset(), frames[i].size(),
                                   frame_checksum(frames[i].data(), frames[i].size()), u.layer, u.expert});
        out.write(frames[i].data(), frames[i].size());
    }
}

PackedShard pack_shard(const SafetensorsFile& shard, const std::vector<Unit>& units, int level,
                       const std::string& partial_path) {
    PackedShard layout;
    layout.name = base_name(shard.path());
    layout.size = shard.file().size();
    PackedWriter out(partial_path);
    std::vector<Unit> batch;
    uint64_t batch_bytes = 0;
    auto flush = [&] {
        write_frames(shard, batch, level, out, layout);
        batch.clear();
        batch_bytes = 0;
    };
    std::vector<uint8_t> chunk;
    for (const Unit& u : units) {
        if (u.kind == PackSegment::Kind::Zstd) {
            batch.push_back(u);
            batch_bytes += u.bytes;
            if (batch_bytes >= kBatchBytes) flush();
            continue;
        }
        flush();
        layout.segments.push_back({PackSegment::Kind::Raw, u.offset, u.bytes, out.offset(), u.bytes});
        for (uint64_t at = 0; at < u.bytes; at += kCopyChunk) {
            chunk.resize(std::min(kCopyChunk, u.bytes - at));
            shard.file().read_exact(u.offset + at, chunk.data(), chunk.size());
            out.write(chunk.data(), chunk.size());
        }
    }
    flush();
    layout.packed_size = out.offset();
    out.close();
    return layout;
}

int64_t mtime_ticks(const std::string& path) {
    std::error_code ec;
    const auto time = std::filesystem::last_write_time(path, ec);
    if (ec) return -1;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
}

// A shard finished by an earlier run, if its record, its source and its packed file
// still agree: same source size and time, packed file of the recorded size, and
// every frame ending with its recorded checksum.
std::optional<PackedShard> finished_shard(const std::string& out_dir, const std::string& name,
                                          const std::string& source) {
    const std::string packed = out_dir + "/" + name + kPackedSuffix;
    const std::string record_path = packed + kRecord;
    if (!fs::exists(record_path) || !fs::exists(packed)) return std::nullopt;
    try {
        const nlohmann::json record = nlohmann::json::parse(read_text_file(record_path));
        if (record.at("source_size").get<uint64_t>() != fs::file_size(source) ||
            record.at("source_mtime").get<int64_t>() != mtime_ticks(source))
            return std::nullopt;
        PackedShard layout = shard_from_json(record.at("layout"), record_path);
        ReadFile file(packed);
        if (layout.name != name || file.size() != layout.packed_size) return std::nullopt;
        for (const auto& s : layout.segments) {
            if (s.kind != PackSegment::Kind::Zstd) continue;
            uint8_t tail[4];
            file.read_exact(s.packed_offset + s.packed_bytes - 4, tail, 4);
            if (frame_checksum(tail, 4) != s.checksum) return std::nullopt;
        }
        return layout;
    } catch (const std::exception&) {
        return std::nullopt;  // unreadable record: pack the shard again
    }
}

void copy_file_atomically(const std::string& from, const std::string& to) {
    const std::string partial = to + kPartial;
    std::error_code ec;
    fs::copy_file(from, partial, fs::copy_options::overwrite_existing, ec);
    if (ec) throw Error(to + ": cannot copy from " + from + ": " + ec.message());
    commit_file(partial, to);
}

}  // namespace

PackResult pack_checkpoint(const std::string& src_dir, const std::string& out_dir, const PackOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    if (is_packed_checkpoint(src_dir)) throw Error(src_dir + ": is already a packed checkpoint");
    if (is_packed_checkpoint(out_dir))
        throw Error(out_dir + ": already holds a complete packed checkpoint; remove it to pack again");
    std::error_code ec;
    if (fs::exists(out_dir) && fs::equivalent(src_dir, out_dir, ec))
        throw Error(out_dir + ": the output directory must differ from the source");
    const Checkpoint ckpt(src_dir);
    std::map<std::string, std::pair<int, int>> expert_of;
    for (const auto& t : expected_tensors(ckpt.config(), detect_expert_format(ckpt)))
        if (t.expert >= 0) expert_of[t.name] = {t.layer, t.expert};
    fs::create_directories(out_dir, ec);
    if (ec) throw Error(out_dir + ": cannot create: " + ec.message());

    PackResult result;
    PackIndex index;
    index.level = options.level;
    index.dense_compressed = options.compress_dense;
    for (const auto& shard : ckpt.files()) {
        const std::string name = base_name(shard->path());
        const std::string packed = out_dir + "/" + name + kPackedSuffix;
        std::optional<PackedShard> layout = finished_shard(out_dir, name, shard->path());
        const bool resumed = layout.has_value();
        if (resumed) {
            ++result.shards_resumed;
        } else {
            layout = pack_shard(*shard, plan_units(*shard, expert_of, options.compress_dense), options.level,
                                packed + kPartial);
            commit_file(packed + kPartial, packed);
            const nlohmann::json record = {{"source_size", fs::file_size(shard->path())},
                                           {"source_mtime", mtime_ticks(shard->path())},
                                           {"layout", shard_to_json(*layout)}};
            write_file_atomically(packed + kRecord, record.dump());
        }
        ++result.shards;
        result.raw_bytes += layout->size;
        result.packed_bytes += layout->packed_size;
        for (const auto& s : layout->segments)
            if (s.layer >= 0) {
                result.expert_raw_bytes += s.bytes;
                result.expert_packed_bytes += s.packed_bytes;
            }
        if (options.progress)
            options.progress(name + ": " + std::to_string(layout->size) + " -> " + std::to_string(layout->packed_size) +
                             " bytes" + (resumed ? " (packed by an earlier run)" : ""));
        index.shards.push_back(std::move(*layout));
        if (options.after_shard) options.after_shard(name);
    }

    // Everything else (config, generation config, tokenizer, template, the safetensors
    // index) is copied as it is.
    for (const auto& entry : fs::directory_iterator(src_dir)) {
        const std::string name = entry.path().filename().string();
        if (!entry.is_regular_file() || index.shard(name) || name == kChecksumFile) continue;
        copy_file_atomically(entry.path().string(), out_dir + "/" + name);
        index.copied_files.push_back(name);
    }
    std::sort(index.copied_files.begin(), index.copied_files.end());
    index.save(out_dir);  // last: from here on the container is complete
    for (const auto& s : index.shards) fs::remove(out_dir + "/" + s.packed_name() + kRecord, ec);
    record_checksums(out_dir);  // the container's own files, for peng-cli verify
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

void unpack_checkpoint(const std::string& packed_dir, const std::string& out_dir,
                       const std::function<void(const std::string&)>& progress) {
    const PackIndex index = PackIndex::load(packed_dir);
    std::error_code ec;
    fs::create_directories(out_dir, ec);
    if (ec) throw Error(out_dir + ": cannot create: " + ec.message());
    for (const auto& shard : index.shards)
        if (fs::exists(out_dir + "/" + shard.name)) throw Error(out_dir + "/" + shard.name + ": already exists");
    for (const auto& shard : index.shards) {
        const ShardFile source(packed_dir + "/" + shard.packed_name(), shard);
        const std::string target = out_dir + "/" + shard.name;
        {
            PackedWriter out(target + kPartial);
            std::vector<uint8_t> chunk;
            for (const auto& s : shard.segments) {
                // Frames are decoded whole (and so verified); raw spans are copied in pieces.
                const uint64_t piece = s.kind == PackSegment::Kind::Zstd ? s.bytes : kCopyChunk;
                for (uint64_t at = 0; at < s.bytes; at += piece) {
                    chunk.resize(std::min(piece, s.bytes - at));
                    source.read_exact(s.offset + at, chunk.data(), chunk.size());
                    out.write(chunk.data(), chunk.size());
                }
            }
            out.close();
        }
        commit_file(target + kPartial, target);
        if (progress) progress(shard.name + ": " + std::to_string(shard.size) + " bytes");
    }
    for (const auto& name : index.copied_files) copy_file_atomically(packed_dir + "/" + name, out_dir + "/" + name);
    record_checksums(out_dir);
}

}  // namespace peng
