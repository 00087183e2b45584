#include "kv/kv_store.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string_view>

#include "io/atomic_write.h"
#include "platform/file_kind.h"
#include "util/error.h"
#include "util/fnv1a.h"

namespace peng {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kExtension = ".pengkv";
constexpr size_t kMaxNameBytes = 120;  // well inside every file system's 255

bool ends_with(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string file_name_for(const std::string& key) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string name;
    for (unsigned char c : key) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
            name += char(c);
        } else {
            name += '%';
            name += kHex[c >> 4];
            name += kHex[c & 15];
        }
    }
    if (name.size() > kMaxNameBytes) {
        // '~' never comes out of the escaping above, so a cut name cannot equal a whole one.
        size_t cut = kMaxNameBytes - 24;
        if (name[cut - 1] == '%') cut -= 1;
        else if (name[cut - 2] == '%') cut -= 2;
        char hash[18];
        std::snprintf(hash, sizeof hash, "~%016llx", static_cast<unsigned long long>(fnv1a(key.data(), key.size())));
        name = name.substr(0, cut) + hash;
    }
    return name + std::string(kExtension);
}

// Why `path` cannot be opened as a KV file without risk (a FIFO would block the open),
// or empty when it is a regular file (a link to one is followed).
std::string not_a_kv_file(const std::string& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return "a link to nowhere or unreadable" + (ec ? " (" + ec.message() + ")" : "");
    return not_a_regular_file(status.type());
}

std::string skipped(const std::string& path, const std::exception& e) {
    const std::string what = e.what();
    return (what.rfind(path, 0) == 0 ? what : path + ": " + what) + "; skipped";
}

}  // namespace

KvStore::KvStore(std::string dir, KvIdentity identity, uint64_t max_bytes)
    : dir_(std::move(dir)), identity_(identity), max_bytes_(max_bytes) {}

std::string KvStore::path_for(const std::string& key) const { return (fs::path(dir_) / file_name_for(key)).string(); }

std::optional<KvStore::Found> KvStore::find_best(const ModelConfig& config, const std::vector<int>& tokens, int limit,
                                                 std::vector<std::string>& warnings) {
    std::error_code ec;
    fs::directory_iterator entries(dir_, ec);
    if (ec) {
        if (fs::exists(dir_)) warnings.push_back(dir_ + ": cannot list the KV folder: " + ec.message());
        return std::nullopt;
    }
    // Headers first: the payload is read for the winner only.
    struct Candidate {
        std::string path;
        int point;
    };
    std::vector<Candidate> candidates;
    for (const fs::directory_entry& entry : entries) {
        const std::string path = entry.path().string();
        if (!ends_with(entry.path().filename().string(), kExtension)) continue;
        if (const std::string why = not_a_kv_file(path); !why.empty()) {
            warnings.push_back(path + ": " + why + "; skipped");
            continue;
        }
        try {
            const KvFileHeader h = read_kv_header(ReadFile(path), identity_, config);
            const int point = best_restore_point(config, h.snapshot, std::min(limit, common_prefix(tokens, h.snapshot.tokens)));
            if (point > 0) candidates.push_back({path, point});
        } catch (const std::exception& e) {
            warnings.push_back(skipped(path, e));
        }
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.point != b.point ? a.point > b.point : a.path < b.path;
    });
    for (const Candidate& c : candidates) {
        try {
            // Read again from the header: the file may have been replaced since.
            ReadFile file(c.path);
            KvFileHeader h = read_kv_header(file, identity_, config);
            const int point = best_restore_point(config, h.snapshot, std::min(limit, common_prefix(tokens, h.snapshot.tokens)));
            if (point == 0) continue;
            read_kv_payload(file, h);
            return Found{std::move(h.snapshot), std::move(h.key), point};
        } catch (const std::exception& e) {
            warnings.push_back(skipped(c.path, e));
        }
    }
    return std::nullopt;
}

void KvStore::save(const std::string& key, const KvSnapshot& snapshot) {
    if (key.empty()) throw Error(dir_ + ": a KV file needs a non-empty conversation key");
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) throw Error(dir_ + ": cannot create the KV folder: " + ec.message());
    const KvFileBytes bytes = encode_kv_file(identity_, key, snapshot, kZstdLevel);
    const std::string path = path_for(key);
    write_file_atomically(path, {bytes.header, std::string_view(reinterpret_cast<const char*>(bytes.payload.data()),
                                                                 bytes.payload.size())});
    enforce_cap(path);
}

void KvStore::enforce_cap(const std::string& keep) {
    struct File {
        std::string path;
        fs::file_time_type time;
        uint64_t size;
    };
    std::vector<File> files;
    uint64_t total = 0;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_, ec)) {
        if (!ends_with(entry.path().filename().string(), kExtension) || !entry.is_regular_file(ec)) continue;
        File f{entry.path().string(), entry.last_write_time(ec), entry.file_size(ec)};
        if (ec) continue;
        total += f.size;
        files.push_back(std::move(f));
    }
    std::sort(files.begin(), files.end(),
              [](const File& a, const File& b) { return a.time != b.time ? a.time < b.time : a.path < b.path; });
    for (const File& f : files) {
        if (total <= max_bytes_) break;
        if (f.path != keep && fs::remove(f.path, ec)) total -= f.size;
    }
}

bool KvStore::remove(const std::string& key) {
    std::error_code ec;
    return fs::remove(path_for(key), ec);
}

int KvStore::clear() {
    int removed = 0;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_, ec)) {
        const std::string name = entry.path().filename().string();
        // A KV file, or the temporary of one that a crash left (io/atomic_write.h).
        if (!ends_with(name, kExtension) && !ends_with(temporary_target(name), kExtension)) continue;
        const fs::file_status status = entry.symlink_status(ec);
        if (!ec && (fs::is_regular_file(status) || fs::is_symlink(status)) && fs::remove(entry.path(), ec)) ++removed;
    }
    return removed;
}

}  // namespace peng
