#include "io/checksum_manifest.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "io/atomic_write.h"
#include "io/file.h"
#include "platform/sha256.h"
#include "util/error.h"
#include "util/parallel_for.h"

namespace peng {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kReadBytes = 4ULL << 20;

// Runs job(i) for i in [0, count) on up to four threads, no more than the cores
// (files are hashed whole, so threads share out files, not parts). Rethrows the
// first failure.
void for_each_file(size_t count, const std::function<void(size_t)>& job) {
    parallel_for(count, std::min(4u, std::max(1u, std::thread::hardware_concurrency())), job);
}

// Serialises progress reports from the hashing threads.
class SharedProgress {
public:
    SharedProgress(const ChecksumProgress& report, uint64_t total) : report_(report), total_(total) {}
    void add(uint64_t bytes, const std::string& file) {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ += bytes;
        if (report_) report_(done_, total_, file);
    }
    uint64_t done() const { return done_; }

private:
    const ChecksumProgress& report_;
    uint64_t total_;
    uint64_t done_ = 0;
    std::mutex mutex_;
};

bool is_hex_digest(const std::string& text) {
    auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); };
    return text.size() == 64 && std::all_of(text.begin(), text.end(), hex);
}

}  // namespace

std::string sha256_of_file(const std::string& path, const std::function<void(uint64_t)>& on_bytes) {
    const ReadFile file(path);
    Sha256 hash;
    std::vector<char> buffer(std::min<uint64_t>(kReadBytes, std::max<uint64_t>(file.size(), 1)));
    for (uint64_t offset = 0; offset < file.size();) {
        const uint64_t bytes = std::min<uint64_t>(buffer.size(), file.size() - offset);
        file.read_exact(offset, buffer.data(), bytes);
        hash.update(buffer.data(), bytes);
        offset += bytes;
        if (on_bytes) on_bytes(bytes);
    }
    return hash.hex_digest();
}

std::string download_manifest_path(const std::string& dir) {
    return (fs::path(dir) / kDownloadStateDir / kChecksumFile).string();
}

std::string download_source_path(const std::string& dir) {
    return (fs::path(dir) / kDownloadStateDir / "source.json").string();
}

std::string checksum_manifest_path(const std::string& dir) {
    const std::string download = download_manifest_path(dir);
    return file_exists(download) ? download : (fs::path(dir) / kChecksumFile).string();
}

std::vector<FileChecksum> record_checksums(const std::string& dir, const ChecksumProgress& progress) {
    const std::string manifest = checksum_manifest_path(dir);
    const std::string manifest_name = fs::path(manifest).lexically_relative(dir).generic_string();
    std::error_code ec;
    const fs::path root = fs::canonical(dir, ec);
    if (ec) throw Error(dir + ": cannot list the folder: " + ec.message());
    std::set<fs::path> folders_listed{root};
    std::vector<FileChecksum> files;
    uint64_t total = 0;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().lexically_relative(dir).generic_string();
        const std::string leaf = it->path().filename().string();
        std::error_code entry_ec;
        if (it->is_directory(entry_ec)) {
            const fs::path real = fs::canonical(it->path(), entry_ec);
            const fs::path inside = real.lexically_relative(root);
            const bool leaves = entry_ec || inside.empty() || *inside.begin() == "..";
            if (name == kDownloadStateDir || leaves || !folders_listed.insert(real).second) it.disable_recursion_pending();
            continue;
        }
        // Temporaries of a write in progress are no part of the model.
        if (!it->is_regular_file(entry_ec) || name == manifest_name || !temporary_target(leaf).empty()) continue;
        total += it->file_size(entry_ec);
        files.push_back({name, ""});
    }
    if (ec) throw Error(dir + ": cannot list the folder: " + ec.message());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    SharedProgress shared(progress, total);
    for_each_file(files.size(), [&](size_t i) {
        const std::string path = (fs::path(dir) / files[i].name).string();
        files[i].sha256 = sha256_of_file(path, [&](uint64_t bytes) { shared.add(bytes, files[i].name); });
    });
    write_checksum_manifest(manifest, files);
    return files;
}

void write_checksum_manifest(const std::string& manifest, std::vector<FileChecksum> files) {
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    std::string text;
    for (const auto& f : files) text += f.sha256 + "  " + f.name + "\n";
    write_file_atomically(manifest, text);
}

std::vector<FileChecksum> parse_checksums(const std::string& text, const std::string& origin) {
    std::vector<FileChecksum> files;
    std::istringstream lines(text);
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        auto fail = [&](const std::string& why) {
            throw Error(origin + ": line " + std::to_string(number) + ": " + why);
        };
        // "<hex>  <name>" (text mode) or "<hex> *<name>" (binary mode), as sha256sum writes.
        if (line.size() < 67 || line[64] != ' ' || (line[65] != ' ' && line[65] != '*'))
            fail("expected '<64 hex digits>  <file name>'");
        FileChecksum f{line.substr(66), line.substr(0, 64)};
        for (char& c : f.sha256) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (!is_hex_digest(f.sha256)) fail("the digest is not 64 hex digits");
        const fs::path name(f.name);
        if (name.is_absolute() || f.name.front() == '/' || f.name.front() == '\\' ||
            std::any_of(name.begin(), name.end(), [](const fs::path& part) { return part == ".."; }))
            fail("'" + f.name + "' is outside the folder");
        files.push_back(std::move(f));
    }
    if (files.empty()) throw Error(origin + ": lists no files");
    return files;
}

int VerifyReport::count(ChecksumResult::Status status) const {
    return int(std::count_if(files.begin(), files.end(), [&](const auto& f) { return f.status == status; }));
}

VerifyReport verify_checksums(const std::string& dir, const ChecksumProgress& progress,
                              const std::atomic<bool>* cancel) {
    const auto start = std::chrono::steady_clock::now();
    const std::string manifest = checksum_manifest_path(dir);
    if (!file_exists(manifest))
        throw Error(dir + " has no " + std::string(kChecksumFile) +
                    ": Peng records one when it generates, packs or downloads a model; "
                    "`peng-cli verify DIR --record` records the files as they are now");
    const std::vector<FileChecksum> expected = parse_checksums(read_text_file(manifest), manifest);
    VerifyReport report;
    report.files.resize(expected.size());
    uint64_t total = 0;
    std::error_code ec;
    for (const auto& f : expected) total += fs::file_size(fs::path(dir) / f.name, ec) * !ec;
    SharedProgress shared(progress, total);
    struct Cancelled {};
    for_each_file(expected.size(), [&](size_t i) {
        ChecksumResult& result = report.files[i];
        result.name = expected[i].name;
        const fs::path path = fs::path(dir) / expected[i].name;
        if (!fs::exists(path, ec)) {
            result.status = ChecksumResult::Missing;
            return;
        }
        try {
            result.detail = sha256_of_file(path.string(), [&](uint64_t bytes) {
                if (cancel && cancel->load()) throw Cancelled{};
                shared.add(bytes, expected[i].name);
            });
            result.status = result.detail == expected[i].sha256 ? ChecksumResult::Same : ChecksumResult::Changed;
        } catch (const Error& e) {
            result.status = ChecksumResult::Unreadable;
            result.detail = e.what();
        } catch (const Cancelled&) {
            report.cancelled = true;
        }
    });
    report.bytes = shared.done();
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

const char* status_name(ChecksumResult::Status status) {
    switch (status) {
        case ChecksumResult::Same: return "same";
        case ChecksumResult::Changed: return "changed";
        case ChecksumResult::Missing: return "missing";
        case ChecksumResult::Unreadable: return "unreadable";
    }
    return "?";
}

}  // namespace peng
