#include "experts/usage_history.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <tuple>

#include "io/atomic_write.h"
#include "io/checksum_manifest.h"
#include "io/file.h"
#include "platform/data_dir.h"
#include "platform/native_file.h"
#include "util/error.h"
#include "util/fnv1a.h"

namespace peng {

namespace {

constexpr char kMagic[8] = {'P', 'E', 'N', 'G', 'H', 'I', 'S', 'T'};
constexpr uint32_t kVersion = 1;

template <typename T>
void put(std::string& out, T value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <typename T>
bool take(const std::string& in, size_t& at, T& value) {
    if (at + sizeof value > in.size()) return false;
    std::memcpy(&value, in.data() + at, sizeof value);
    at += sizeof value;
    return true;
}

}  // namespace

UsageHistory::UsageHistory(int layers, int experts, uint64_t model_fingerprint)
    : layers_(layers), experts_(experts), fingerprint_(model_fingerprint), counts_(size_t(layers) * experts, 0) {}

void UsageHistory::record(int layer, int expert, uint64_t times) {
    counts_[size_t(layer) * experts_ + expert] += times;
    total_ += times;
}

std::vector<std::pair<int, int>> UsageHistory::hottest() const {
    std::vector<size_t> order(counts_.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return counts_[a] > counts_[b]; });
    std::vector<std::pair<int, int>> out;
    for (size_t i : order) {
        if (counts_[i] == 0) break;
        out.emplace_back(int(i / experts_), int(i % experts_));
    }
    return out;
}

void UsageHistory::save(const std::string& path) const {
    std::string payload;
    put(payload, kVersion);
    put(payload, uint32_t(layers_));
    put(payload, uint32_t(experts_));
    put(payload, fingerprint_);
    for (uint64_t c : counts_) put(payload, c);
    std::string file(kMagic, sizeof kMagic);
    file += payload;
    put(file, fnv1a(payload.data(), payload.size()));

    // Peng's own data folder is made when missing; a folder the user named is not.
    if (path == default_history_path(fingerprint_)) {
        const std::filesystem::path folder = std::filesystem::path(path).parent_path();
        std::error_code ec;
        std::filesystem::create_directories(folder, ec);
        if (ec) throw Error(folder.string() + ": cannot create the routing history folder: " + ec.message());
    }
    write_file_atomically(path, file);
}

bool UsageHistory::load(const std::string& path, std::string& warning) {
    if (!file_exists(path)) {
        warning = path + ": no routing history yet";
        return false;
    }
    if (!is_regular_file(path)) {  // a FIFO would block the read, a device never end
        warning = path + ": not a regular file; no routing history is read from it";
        return false;
    }
    std::string in;
    try {
        in = read_text_file(path);
    } catch (const Error& e) {
        warning = e.what();
        return false;
    }
    size_t at = sizeof kMagic;
    uint32_t version = 0, layers = 0, experts = 0;
    uint64_t fingerprint = 0;
    if (in.size() < sizeof kMagic || std::memcmp(in.data(), kMagic, sizeof kMagic) != 0 || !take(in, at, version) ||
        !take(in, at, layers) || !take(in, at, experts) || !take(in, at, fingerprint)) {
        warning = path + ": not a Peng routing history; ignored";
        return false;
    }
    if (version != kVersion) {
        warning = path + ": routing history version " + std::to_string(version) + " is not supported; ignored";
        return false;
    }
    if (int(layers) != layers_ || int(experts) != experts_ || fingerprint != fingerprint_) {
        warning = path + ": routing history belongs to another model; ignored";
        return false;
    }
    const size_t payload_end = sizeof kMagic + 4 * 3 + 8 + counts_.size() * 8;
    uint64_t checksum = 0;
    size_t check_at = payload_end;
    if (in.size() != payload_end + 8 || !take(in, check_at, checksum) ||
        checksum != fnv1a(in.data() + sizeof kMagic, payload_end - sizeof kMagic)) {
        warning = path + ": routing history is corrupt (size or checksum); ignored";
        return false;
    }
    for (size_t i = 0; i < counts_.size(); ++i) {
        uint64_t c = 0;
        take(in, at, c);
        counts_[i] += c;
        total_ += c;
    }
    return true;
}

std::unique_ptr<UsageHistory> open_history(const std::string& model_dir, const ModelConfig& config,
                                           std::string& path, std::string& warning) {
    const uint64_t fingerprint = model_fingerprint(model_dir);
    auto history = std::make_unique<UsageHistory>(config.num_layers, config.n_routed_experts, fingerprint);
    if (path.empty()) path = default_history_path(fingerprint);
    warning.clear();
    std::string why;
    if (!history->load(path, why) && file_exists(path)) warning = why;
    return history;
}

uint64_t model_fingerprint(const std::string& model_dir) {
    namespace fs = std::filesystem;
    uint64_t hash = fnv1a("peng-model", 10);
    const std::string config = read_text_file(model_dir + "/config.json");
    hash = fnv1a(config.data(), config.size(), hash);
    // The weights themselves must count: a model retrained or re-released with the same
    // shapes has the same config and shard sizes, and its saved KV caches would be
    // served for weights that never made them. The checksum manifest, where the folder
    // has one (downloads, make-model, the shipped demo), names the contents; without it
    // each shard's write time stands in (a copy then starts afresh, which is only slower).
    const fs::path manifest = checksum_manifest_path(model_dir);
    std::error_code ec;
    const bool has_manifest = fs::is_regular_file(manifest, ec);
    if (has_manifest) {
        const std::string sums = read_text_file(manifest.string());
        hash = fnv1a(sums.data(), sums.size(), hash);
    }
    std::vector<std::tuple<std::string, uint64_t, int64_t>> shards;
    for (const auto& entry : fs::directory_iterator(model_dir))
        if (entry.is_regular_file() && entry.path().extension() == ".safetensors") {
            const int64_t written =
                has_manifest ? 0 : int64_t(entry.last_write_time(ec).time_since_epoch().count());
            shards.emplace_back(entry.path().filename().string(), entry.file_size(), written);
        }
    std::sort(shards.begin(), shards.end());
    for (const auto& [name, size, written] : shards) {
        hash = fnv1a(name.data(), name.size(), hash);
        hash = fnv1a(&size, sizeof size, hash);
        if (!has_manifest) hash = fnv1a(&written, sizeof written, hash);
    }
    return hash;
}

std::string default_history_path(uint64_t fingerprint) {
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.bin", static_cast<unsigned long long>(fingerprint));
    return peng_data_dir() + "/usage/" + name;
}

}  // namespace peng
