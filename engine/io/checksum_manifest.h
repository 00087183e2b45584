#pragma once
// SHA256SUMS: the SHA-256 of every file of a model folder, recorded when Peng
// generates, packs or downloads a model and re-checked on demand (peng-cli verify,
// the app's "Verify files"). A plain release folder has no checksum of its own,
// so without this a changed byte would change the output silently. The format is
// sha256sum's ("<64 hex>  <name>" a line), so `sha256sum -c SHA256SUMS` agrees.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace peng {

inline constexpr const char* kChecksumFile = "SHA256SUMS";
// A download's state and its record of the digests it verified (download/hub_download.h)
// live in this folder inside the model folder, which no repository path may enter, so
// that a repository's own SHA256SUMS arrives byte-identical.
inline constexpr const char* kDownloadStateDir = ".peng-download";

// dir/.peng-download/SHA256SUMS: where a download records its manifest.
std::string download_manifest_path(const std::string& dir);
// dir/.peng-download/source.json: written when a download finished, naming its
// repository, revision and commit.
std::string download_source_path(const std::string& dir);
// The manifest that speaks for `dir`: a download's where there is one, else
// dir/SHA256SUMS (what make-model, pack, verify --record and older downloads wrote).
std::string checksum_manifest_path(const std::string& dir);

// Bytes hashed so far of all, and the file being read.
using ChecksumProgress = std::function<void(uint64_t done_bytes, uint64_t total_bytes, const std::string& file)>;

struct FileChecksum {
    std::string name;    // relative to the folder, '/'-separated
    std::string sha256;  // 64 lowercase hex digits
};

// Hashes one file in 4 MiB reads; `on_bytes` (may be empty) after each read.
// Throws peng::Error naming the file.
std::string sha256_of_file(const std::string& path, const std::function<void(uint64_t)>& on_bytes = {});

// Hashes every regular file below `dir` on a few threads and writes
// checksum_manifest_path(dir) atomically. Left out: that manifest itself, hidden
// temporaries and the download state folder. A link to a file is recorded under its
// own name (a Hugging Face cache's snapshot is links into its blobs); a link to a
// folder is followed only when it leads to a folder inside `dir` not yet listed, so
// nothing outside `dir` is recorded and no folder twice, however the links loop.
// Returns what it recorded, sorted by name.
std::vector<FileChecksum> record_checksums(const std::string& dir, const ChecksumProgress& progress = {});

// Writes the manifest file `manifest` atomically from digests already known (a
// download checked each file as it arrived), sorted by name.
void write_checksum_manifest(const std::string& manifest, std::vector<FileChecksum> files);

// Parses a SHA256SUMS text; errors name `origin` and the line. Names that leave
// the folder (absolute, "..") are refused: the manifest may come with a download.
std::vector<FileChecksum> parse_checksums(const std::string& text, const std::string& origin);

struct ChecksumResult {
    enum Status { Same, Changed, Missing, Unreadable } status = Same;
    std::string name;
    std::string detail;  // the digest found, or why the file could not be read
};

struct VerifyReport {
    std::vector<ChecksumResult> files;
    uint64_t bytes = 0;    // hashed
    double seconds = 0;
    bool cancelled = false;
    int count(ChecksumResult::Status status) const;
    bool all_same() const { return !cancelled && count(ChecksumResult::Same) == int(files.size()); }
};

// Re-hashes every file checksum_manifest_path(dir) lists. Throws peng::Error when there is no
// readable manifest; a changed, missing or unreadable file is a result, not an
// error. `cancel` (may be null) stops between reads.
VerifyReport verify_checksums(const std::string& dir, const ChecksumProgress& progress = {},
                              const std::atomic<bool>* cancel = nullptr);

const char* status_name(ChecksumResult::Status status);

}  // namespace peng
