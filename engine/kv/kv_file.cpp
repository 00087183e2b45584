#include "kv/kv_file.h"

#include <bit>
#include <cstring>

#include "experts/usage_history.h"
#include "io/zstd_frame.h"
#include "util/error.h"
#include "util/fnv1a.h"

namespace peng {

namespace {

// Fields and floats are written as the machine holds them; the file says little-endian.
static_assert(std::endian::native == std::endian::little, "KV files are little-endian: add byte swapping here");

constexpr char kMagic[8] = {'P', 'E', 'N', 'G', 'K', 'V', '\r', '\n'};
// Magic, both versions and the header size: enough to refuse a foreign file early.
constexpr size_t kPreambleBytes = sizeof kMagic + 4 + 4 + 8;
constexpr size_t kChecksumBytes = 8;

template <typename T>
void put(std::string& out, T value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// Takes fields off a header that has passed its checksum; running past its end means
// the writer and this reader disagree, reported as a corrupt file.
class HeaderFields {
public:
    HeaderFields(const std::string& bytes, const std::string& path) : bytes_(bytes), path_(path) {}
    template <typename T>
    T take(const char* field) {
        T value;
        need(sizeof value, field);
        std::memcpy(&value, bytes_.data() + at_, sizeof value);
        at_ += sizeof value;
        return value;
    }
    std::string take_text(size_t bytes, const char* field) {
        need(bytes, field);
        at_ += bytes;
        return bytes_.substr(at_ - bytes, bytes);
    }
    // A count of items of `item_bytes` each, refused when they cannot fit what is left.
    uint32_t take_count(size_t item_bytes, const char* field) {
        const uint32_t count = take<uint32_t>(field);
        need(size_t(count) * item_bytes, field);
        return count;
    }
    size_t at() const { return at_; }

private:
    void need(size_t bytes, const char* field) const {
        if (bytes > bytes_.size() - at_)
            throw Error(path_ + ": KV file header ends inside its " + field + ": corrupt");
    }
    const std::string& bytes_;
    const std::string& path_;
    size_t at_ = 0;
};

std::string describe(const KvLayerShape& s) {
    return std::string(s.window ? "sliding window " + std::to_string(s.window) : "full") + ", " +
           std::to_string(s.num_kv_heads) + " KV heads, head dims " + std::to_string(s.head_dim) + "/" +
           std::to_string(s.v_head_dim);
}

}  // namespace

KvIdentity KvIdentity::of(const std::string& model_dir, const std::string& template_text) {
    return {model_fingerprint(model_dir), fnv1a(template_text.data(), template_text.size())};
}

KvFileBytes encode_kv_file(const KvIdentity& identity, const std::string& key, const KvSnapshot& snapshot,
                           int zstd_level) {
    check_snapshot(snapshot, true);
    std::string h(kMagic, sizeof kMagic);
    put(h, kKvFormatVersion);
    put(h, kKvLayoutVersion);
    put(h, uint64_t(0));  // the header size, known at the end
    put(h, identity.model);
    put(h, identity.template_hash);
    put(h, uint32_t(snapshot.shapes.size()));
    for (const KvLayerShape& s : snapshot.shapes)
        for (int field : {s.window ? 1 : 0, s.num_kv_heads, s.head_dim, s.v_head_dim, s.window}) put(h, uint32_t(field));
    put(h, uint32_t(key.size()));
    h += key;
    put(h, uint32_t(snapshot.tokens.size()));
    for (int t : snapshot.tokens) put(h, int32_t(t));
    std::vector<float> raw;
    for (const auto& ranges : snapshot.layers) {
        put(h, uint32_t(ranges.size()));
        for (const KvRange& r : ranges) {
            put(h, int32_t(r.begin));
            put(h, int32_t(r.end));
            raw.insert(raw.end(), r.data.begin(), r.data.end());
        }
    }
    KvFileBytes file;
    const uint64_t raw_bytes = raw.size() * sizeof(float);
    file.payload = compress_frame(reinterpret_cast<const uint8_t*>(raw.data()), raw_bytes, zstd_level);
    put(h, raw_bytes);
    put(h, uint64_t(file.payload.size()));
    put(h, frame_checksum(file.payload.data(), file.payload.size()));
    const uint64_t header_bytes = h.size();
    std::memcpy(h.data() + sizeof kMagic + 8, &header_bytes, sizeof header_bytes);
    put(h, fnv1a(h.data(), h.size()));
    file.header = std::move(h);
    return file;
}

KvFileHeader read_kv_header(const ReadFile& file, const KvIdentity& identity, const ModelConfig& config) {
    const std::string& path = file.path();
    if (file.size() < kPreambleBytes + kChecksumBytes)
        throw Error(path + ": " + std::to_string(file.size()) + " bytes is too short for a Peng KV file");
    std::string preamble(kPreambleBytes, '\0');
    file.read_exact(0, preamble.data(), preamble.size());
    HeaderFields pre(preamble, path);
    pre.take_text(sizeof kMagic, "magic");
    if (std::memcmp(preamble.data(), kMagic, sizeof kMagic) != 0) throw Error(path + ": not a Peng KV file");
    const auto format = pre.take<uint32_t>("format version"), layout = pre.take<uint32_t>("layout version");
    if (format != kKvFormatVersion)
        throw Error(path + ": KV file format version " + std::to_string(format) + " is not the one this build reads (" +
                    std::to_string(kKvFormatVersion) + ")");
    if (layout != kKvLayoutVersion)
        throw Error(path + ": KV layout version " + std::to_string(layout) + " is not the one this build reads (" +
                    std::to_string(kKvLayoutVersion) + ")");
    const auto header_bytes = pre.take<uint64_t>("header size");
    if (header_bytes < kPreambleBytes || header_bytes > file.size() - kChecksumBytes)
        throw Error(path + ": KV header of " + std::to_string(header_bytes) + " bytes does not fit the file (" +
                    std::to_string(file.size()) + " bytes): truncated or corrupt");

    std::string bytes(header_bytes + kChecksumBytes, '\0');
    file.read_exact(0, bytes.data(), bytes.size());
    uint64_t stored = 0;
    std::memcpy(&stored, bytes.data() + header_bytes, sizeof stored);
    if (stored != fnv1a(bytes.data(), header_bytes)) throw Error(path + ": KV header checksum does not match: corrupt");
    bytes.resize(header_bytes);

    HeaderFields in(bytes, path);
    in.take_text(kPreambleBytes, "preamble");
    KvIdentity found;
    found.model = in.take<uint64_t>("model fingerprint");
    found.template_hash = in.take<uint64_t>("template hash");
    if (found.model != identity.model) throw Error(path + ": KV file belongs to another model");
    if (found.template_hash != identity.template_hash) throw Error(path + ": KV file was made with another chat template");

    KvFileHeader h;
    KvSnapshot& s = h.snapshot;
    const std::vector<KvLayerShape> expected = kv_layer_shapes(config);
    const uint32_t layers = in.take_count(5 * 4, "layer shapes");
    if (layers != expected.size())
        throw Error(path + ": KV file has " + std::to_string(layers) + " layers, the model " +
                    std::to_string(expected.size()));
    for (uint32_t l = 0; l < layers; ++l) {
        const auto kind = in.take<uint32_t>("layer kind");
        KvLayerShape shape;
        shape.num_kv_heads = int(in.take<uint32_t>("KV heads"));
        shape.head_dim = int(in.take<uint32_t>("head dim"));
        shape.v_head_dim = int(in.take<uint32_t>("V head dim"));
        shape.window = int(in.take<uint32_t>("window"));
        if (shape != expected[l] || kind != (shape.window ? 1u : 0u))
            throw Error(path + ": KV layer " + std::to_string(l) + " is " + describe(shape) + ", the model's is " +
                        describe(expected[l]));
        s.shapes.push_back(shape);
    }
    h.key = in.take_text(in.take_count(1, "key"), "key");
    s.tokens.resize(in.take_count(4, "tokens"));
    for (int& t : s.tokens) {
        t = in.take<int32_t>("tokens");
        if (t < 0 || t >= config.vocab_size)
            throw Error(path + ": KV file token " + std::to_string(t) + " is outside the vocabulary");
    }
    s.layers.resize(layers);
    uint64_t floats = 0;
    for (uint32_t l = 0; l < layers; ++l) {
        s.layers[l].resize(in.take_count(8, "ranges"));
        for (KvRange& r : s.layers[l]) {
            r.begin = in.take<int32_t>("ranges");
            r.end = in.take<int32_t>("ranges");
            if (r.end > r.begin) floats += uint64_t(r.end - r.begin) * s.shapes[l].floats_per_position();
        }
    }
    try {
        check_snapshot(s, false);
    } catch (const Error& e) {
        throw Error(path + ": " + e.what());
    }
    h.payload_raw_bytes = in.take<uint64_t>("payload size");
    h.payload_frame_bytes = in.take<uint64_t>("payload frame size");
    h.payload_checksum = in.take<uint32_t>("payload checksum");
    if (in.at() != header_bytes) throw Error(path + ": KV header has bytes past its last field: corrupt");
    if (h.payload_raw_bytes != floats * sizeof(float))
        throw Error(path + ": KV payload of " + std::to_string(h.payload_raw_bytes) + " bytes does not match its " +
                    std::to_string(floats) + " floats of ranges");
    h.payload_offset = header_bytes + kChecksumBytes;
    if (h.payload_frame_bytes != file.size() - h.payload_offset)
        throw Error(path + ": KV file is " + std::to_string(file.size()) + " bytes, its header says " +
                    std::to_string(h.payload_offset + h.payload_frame_bytes) + ": truncated or with bytes appended");
    return h;
}

void read_kv_payload(const ReadFile& file, KvFileHeader& h) {
    std::vector<uint8_t> frame(h.payload_frame_bytes);
    file.read_exact(h.payload_offset, frame.data(), frame.size());
    std::vector<float> raw(h.payload_raw_bytes / sizeof(float));
    decompress_frame(frame.data(), frame.size(), reinterpret_cast<uint8_t*>(raw.data()), h.payload_raw_bytes,
                     h.payload_checksum, file.path() + ": KV payload");
    size_t at = 0;
    for (size_t l = 0; l < h.snapshot.layers.size(); ++l)
        for (KvRange& r : h.snapshot.layers[l]) {
            const size_t n = size_t(r.end - r.begin) * h.snapshot.shapes[l].floats_per_position();
            r.data.assign(raw.begin() + at, raw.begin() + at + n);
            at += n;
        }
}

}  // namespace peng
