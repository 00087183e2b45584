#pragma once
// Downloads one revision of a Hugging Face model repository into a folder, resumably
// and verified: the revision is pinned to its commit first (a download never mixes
// two revisions), the file list comes from the tree API, each file is fetched from
// /resolve/{commit}/ into a partial file with a journal beside it (under
// DIR/.peng-download/), resumed with Range requests after any interruption, checked
// (LFS files by SHA-256 against their object id, small files by size) and only then
// moved into place. Every repository file arrives byte-identical, a SHA256SUMS of its
// own included: the verified digests are written to DIR/.peng-download/SHA256SUMS
// (io/checksum_manifest.h), where `peng-cli verify DIR` finds them.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "download/http_transport.h"

namespace peng::download {

struct DownloadProgress {
    uint64_t done_bytes = 0, total_bytes = 0;   // of the selected files, verified or on disk
    int files_done = 0, files_total = 0;
    double seconds = 0;                         // since the start
    double bytes_per_s = 0;                     // this run's fetch rate
    std::string current;                        // a file being fetched now
    uint64_t current_done = 0, current_size = 0;   // that file's bytes on disk, and its size
    bool checking = false;                      // hashing files already in the folder before fetching
};

struct DownloadOptions {
    std::string repo;                           // owner/name
    std::string revision = "main";
    std::string out;
    std::string endpoint = "https://huggingface.co";   // or a mirror with the same API
    std::string token;                          // a Hugging Face access token, "" for none
    int connections = 4;                        // files fetched at once
    std::vector<std::string> includes;          // fnmatch patterns; empty = every file
    int attempts = 6;                           // per file, for transient failures
    double first_backoff_s = 1.0;               // doubles after each transient failure
    long stall_seconds = 30;                    // a connection idle this long is retried
    int max_listing_pages = 10000;              // the file list's pages, far more than a model repository has
    std::function<void(const DownloadProgress&)> progress;   // from worker threads, at most ~4 Hz
    // Stops cleanly within a fraction of a second, in the listing, a transfer or a
    // back-off pause, keeping what is verified and partial.
    const std::atomic<bool>* cancel = nullptr;
    // The HTTP stack, one object per thread, made on that thread; empty = libcurl
    // (HttpGet). The app passes QtNetwork's (app/qt_http_transport.h).
    TransportFactory transport;
};

struct DownloadResult {
    std::string commit;
    int files = 0;
    uint64_t bytes = 0;               // of the selected files
    uint64_t fetched_bytes = 0;       // over the network in this run
    uint64_t resumed_bytes = 0;       // already on disk (verified files and partial ones)
    int retries = 0;                  // transient failures retried
    int range_ignored = 0;            // answers that ignored Range (the file started over)
    int checksum_retries = 0;         // files whose digest failed once and were fetched again
    bool cancelled = false;
    double seconds = 0;
};

// Throws peng::Error with a sentence naming what stopped it: a gated or private
// repository without a token, no such repository or revision, a hostile listing
// (hub_listing.h), too little disk space, a full disk, a file whose size or digest
// fails twice, a server that keeps failing or whose answers cannot be right.
DownloadResult download_repo(const DownloadOptions& options);

}  // namespace peng::download
