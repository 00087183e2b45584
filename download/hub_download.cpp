#include "download/hub_download.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>

#include <nlohmann/json.hpp>

#include "download/answer_rules.h"
#include "download/http_get.h"
#include "download/hub_api.h"
#include "download/hub_listing.h"
#include "io/atomic_write.h"
#include "io/checksum_manifest.h"
#include "io/file.h"
#include "util/error.h"
#include "util/parallel_for.h"

namespace peng::download {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// A file's partial bytes and journal, apart from the state's own files, which no
// repository path can then name ("verified" would otherwise journal over verified.json).
constexpr const char* kPartialDir = "partial";

std::unique_ptr<HttpTransport> make_transport(const DownloadOptions& o) {
    if (!o.transport) return std::make_unique<HttpGet>(o.token, o.stall_seconds);
    std::unique_ptr<HttpTransport> made = o.transport(o.token, o.stall_seconds);
    if (!made) throw Error("the download's HTTP transport could not be created");
    return made;
}

struct Shared {
    const DownloadOptions& options;
    std::string commit;
    std::vector<RepoFile> files;
    std::mutex mutex;
    std::atomic<bool> stop{false};       // set by the first fatal error, or by a cancel
    std::atomic<uint64_t> done_bytes{0}, fetched{0}, resumed{0};
    std::atomic<int> files_done{0}, retries{0}, range_ignored{0}, checksum_retries{0};
    uint64_t total_bytes = 0;
    Clock::time_point start = Clock::now(), last_report{};
    nlohmann::json verified = nlohmann::json::object();   // path -> sha256, the state file
    explicit Shared(const DownloadOptions& o) : options(o) {}

    fs::path state() const { return fs::path(options.out) / kDownloadStateDir; }
    fs::path partial(const std::string& path, const char* suffix) const {
        return state() / kPartialDir / (path + suffix);
    }
    void report(const std::string& current, bool force = false, uint64_t current_done = 0, uint64_t current_size = 0,
                bool checking = false) {
        if (!options.progress) return;
        std::lock_guard lock(mutex);
        const auto now = Clock::now();
        if (!force && now - last_report < std::chrono::milliseconds(250)) return;
        last_report = now;
        DownloadProgress p;
        p.done_bytes = std::min<uint64_t>(done_bytes, total_bytes);
        p.total_bytes = total_bytes;
        p.files_done = files_done;
        p.files_total = int(files.size());
        p.seconds = std::chrono::duration<double>(now - start).count();
        p.bytes_per_s = p.seconds > 0 ? double(fetched) / p.seconds : 0;
        p.current = current;
        p.current_done = current_done;
        p.current_size = current_size;
        p.checking = checking;
        options.progress(p);
    }
    void remember(const RepoFile& file, const std::string& sha256) {
        std::lock_guard lock(mutex);
        verified[file.path] = {{"sha256", sha256}, {"size", file.size}, {"commit", commit}};
        write_file_atomically((state() / "verified.json").string(), verified.dump(1));
    }
};

struct Stopped {};   // a cancel seen while hashing

// Why the finished file at `path` is not the repository's ("" when it is). `digest`
// gets its SHA-256 once the size is right (a small file's goes to the manifest).
// `cancel` (may be null) stops the hashing by throwing Stopped.
std::string problem_with(const fs::path& path, const RepoFile& file, std::string& digest,
                         const std::atomic<bool>* cancel = nullptr) {
    std::error_code ec;
    const uint64_t size = fs::file_size(path, ec);
    if (ec) return "cannot be read (" + ec.message() + ")";
    if (size != file.size)
        return "the downloaded file has " + std::to_string(size) + " bytes where the repository lists " +
               std::to_string(file.size);
    digest = sha256_of_file(path.string(), [cancel](uint64_t) {
        if (cancel && cancel->load()) throw Stopped{};
    });
    if (!file.sha256.empty() && digest != file.sha256)
        return "the downloaded bytes do not match the repository's SHA-256 " + file.sha256 + " (got " + digest + ")";
    return "";
}

class FileFetch {
public:
    FileFetch(Shared& shared, HttpTransport& http, const RepoFile& file) : s_(shared), http_(http), file_(file) {
        part_ = s_.partial(file.path, ".part");
        journal_ = s_.partial(file.path, ".json");
        target_ = fs::path(s_.options.out) / file.path;
    }

    // Returns the file's SHA-256 once it is in place, "" when stopped; throws Error
    // when it cannot be.
    std::string run() {
        fs::create_directories(part_.parent_path());
        start_or_resume();
        if (file_.size == 0)   // nothing to fetch: the partial file is the whole file
            if (std::FILE* empty = std::fopen(part_.string().c_str(), "ab")) std::fclose(empty);
        bool failed_once = false;
        double wait = s_.options.first_backoff_s;
        int transient_failures = 0;
        for (;;) {
            if (stopped()) return "";
            uint64_t have = part_size();
            if (have < file_.size) {
                const HttpAnswer a = fetch_from(have);
                if (disk_full_) throw Error("the disk is full: " + file_.path + " stopped at " + std::to_string(part_size()) +
                                            " of " + std::to_string(file_.size) + " bytes (kept; the verified files stay)");
                if (stopped()) return "";
                const bool finished_answer = a.transport_error.empty() && (a.status == 200 || a.status == 206);
                if (!finished_answer && a.status != 416 && !too_long_) {
                    if (!transient(a)) refuse(a, s_.options.repo, file_.path, !s_.options.token.empty());
                    if (++transient_failures >= s_.options.attempts)
                        throw Error(file_.path + ": the server kept failing (" + describe(a) + ") after " +
                                    std::to_string(transient_failures) + " tries; run the download again to resume");
                    ++s_.retries;
                    if (!pause(retry_after(a, wait), s_.options.cancel)) return "";
                    wait *= 2;
                    continue;
                }
                have = part_size();
                if (have < file_.size && !too_long_) {   // the connection ended early without an error
                    if (++transient_failures >= s_.options.attempts)
                        throw Error(file_.path + ": the server keeps ending the file early (at " + std::to_string(have) +
                                    " of the " + std::to_string(file_.size) +
                                    " bytes the repository lists); run the download again to resume");
                    ++s_.retries;
                    continue;
                }
            }
            std::string digest;
            const std::string problem =
                too_long_ ? "the server sends more than the " + std::to_string(file_.size) + " bytes the repository lists"
                          : problem_with(part_, file_, digest);
            if (problem.empty()) {
                fs::create_directories(target_.parent_path());
                fs::rename(part_, target_);
                fs::remove(journal_);
                return digest;
            }
            // The bytes are wrong (a digest that fails, a size that differs): start over
            // once, then stop naming the file.
            fs::remove(part_);
            uncount(counted_);
            too_long_ = false;
            if (failed_once)
                throw Error(file_.path + ": " + problem + ", twice; stopped. The server or the connection corrupts data");
            failed_once = true;
            ++s_.checksum_retries;
        }
    }

private:
    bool stopped() const { return s_.stop || (s_.options.cancel && s_.options.cancel->load()); }
    // This file's bytes counted in the progress: its part on disk, never more than its size.
    void count(uint64_t bytes) {
        counted_ += bytes;
        s_.done_bytes += bytes;
    }
    void uncount(uint64_t bytes) {
        counted_ -= bytes;
        s_.done_bytes -= bytes;
    }
    uint64_t part_size() const {
        std::error_code ec;
        const uint64_t size = fs::file_size(part_, ec);
        return ec ? 0 : size;
    }

    // A partial file counts only with a journal for the same commit and object.
    void start_or_resume() {
        const nlohmann::json want = {{"commit", s_.commit}, {"sha256", file_.sha256}, {"size", file_.size}};
        std::error_code ec;
        bool resume = false;
        if (fs::exists(journal_, ec)) {
            try {
                resume = nlohmann::json::parse(read_text_file(journal_.string(), 4096), nullptr, false) == want;
            } catch (const Error&) {   // not a journal of ours (a folder, a FIFO, too large): start over
            }
        }
        if (!resume) {
            fs::remove(part_, ec);
            write_file_atomically(journal_.string(), want.dump());
        }
        uint64_t have = part_size();
        if (have > file_.size) {
            fs::remove(part_, ec);
            have = 0;
        }
        count(have);
        s_.resumed += have;
    }

    HttpAnswer fetch_from(uint64_t offset) {
        std::FILE* out = nullptr;
        const std::string url = resolve_url(s_.options.endpoint, s_.options.repo, s_.commit, file_.path);
        HttpAnswer a = http_.fetch(
            url, offset,
            [&](long status) {
                if (status != 200 && status != 206) return false;
                position_ = offset;
                if (status == 200 && offset > 0) {   // the server ignored Range: the whole file comes
                    ++s_.range_ignored;
                    uncount(counted_);
                    position_ = 0;
                }
                out = std::fopen(part_.string().c_str(), position_ == 0 ? "wb" : "ab");
                return out != nullptr;
            },
            [&](const char* data, size_t size) {
                if (size > file_.size - position_) {   // more than the file has: its bytes cannot be right
                    too_long_ = true;
                    return false;
                }
                if (std::fwrite(data, 1, size, out) != size || std::fflush(out) != 0) {
                    disk_full_ = true;
                    return false;
                }
                position_ += size;
                count(size);
                s_.fetched += size;
                s_.report(file_.path, false, position_, file_.size);
                return !stopped();
            },
            s_.options.cancel);
        if (out && std::fclose(out) != 0) disk_full_ = true;
        return a;
    }

    Shared& s_;
    HttpTransport& http_;
    const RepoFile& file_;
    fs::path part_, journal_, target_;
    bool disk_full_ = false;
    bool too_long_ = false;    // the last answer held more bytes than the file has
    uint64_t position_ = 0;    // where the next byte of the answer goes in the file
    uint64_t counted_ = 0;     // this file's bytes in s_.done_bytes
};

// Fetches s.files on up to `connections` threads, each with its own transport.
// The first error stops the others (s.stop) and is thrown as an Error; a cancel
// lets no other file start.
void fetch_all(Shared& s, int connections) {
    std::vector<std::unique_ptr<HttpTransport>> transports(static_cast<size_t>(connections));
    try {
        parallel_for(s.files.size(), transports.size(), [&](size_t index, size_t worker) {
            if (!transports[worker]) transports[worker] = make_transport(s.options);
            const RepoFile& file = s.files[index];
            const std::string digest = FileFetch(s, *transports[worker], file).run();
            if (digest.empty()) {   // cancelled or stopped
                s.stop = true;
                return;
            }
            s.remember(file, digest);
            ++s.files_done;
            s.report(file.path, true);
        }, &s.stop);
    } catch (const std::exception& e) {
        throw Error(e.what());
    }
}

}  // namespace

DownloadResult download_repo(const DownloadOptions& o) {
    check_repo_id(o.repo);
    if (o.out.empty()) throw Error("no output folder given");
    if (o.connections < 1 || o.connections > 64) throw Error("the number of connections must be between 1 and 64");
    Shared s(o);
    const std::unique_ptr<HttpTransport> transport = make_transport(o);
    HttpTransport& http = *transport;

    Listing listing = list_repository(http, o);
    // Stopped before any file was fetched: nothing to report but that.
    const auto stopped_early = [&] {
        DownloadResult r;
        r.commit = listing.commit;
        r.retries = listing.retries;
        r.cancelled = true;
        r.seconds = std::chrono::duration<double>(Clock::now() - s.start).count();
        return r;
    };
    if (listing.cancelled) return stopped_early();
    s.commit = listing.commit;
    for (RepoFile& f : listing.files)
        if (selected(f.path, o.includes)) s.files.push_back(std::move(f));
    if (s.files.empty()) throw Error(o.repo + "@" + s.commit + ": no file matches what was asked for");

    fs::create_directories(s.state());
    // Files already verified for this commit are kept as they are.
    std::vector<FileChecksum> sums;
    std::vector<RepoFile> to_fetch;
    uint64_t needed = 0;
    for (const RepoFile& f : s.files) {
        s.total_bytes += f.size;
        const fs::path target = fs::path(o.out) / f.path;
        std::string digest;
        std::error_code ec;
        if (fs::exists(target, ec)) s.report(f.path, true, 0, f.size, true);
        bool in_place = false;
        try {   // hashing a folder already downloaded takes minutes: a cancel is honoured between reads
            in_place = fs::exists(target, ec) && problem_with(target, f, digest, o.cancel).empty();
        } catch (const Stopped&) {
            return stopped_early();
        }
        if (in_place) {
            sums.push_back({f.path, digest});
            s.verified[f.path] = {{"sha256", digest}, {"size", f.size}, {"commit", s.commit}};
            s.done_bytes += f.size;
            ++s.files_done;
            continue;
        }
        const uint64_t partial = fs::file_size(s.partial(f.path, ".part"), ec);
        needed += f.size - (ec ? 0 : std::min(partial, f.size));
        to_fetch.push_back(f);
    }
    const uint64_t resumed_before = s.done_bytes;
    const fs::space_info space = fs::space(o.out);
    if (needed > space.available)
        throw Error("not enough disk space in " + o.out + ": the download needs " + std::to_string(needed / 1000000) +
                    " MB more, " + std::to_string(space.available / 1000000) + " MB are free");

    // Largest first, so the long files start early and the small ones fill the gaps.
    std::sort(to_fetch.begin(), to_fetch.end(), [](const RepoFile& a, const RepoFile& b) { return a.size > b.size; });
    const std::vector<RepoFile> all = std::move(s.files);
    s.files = std::move(to_fetch);
    fetch_all(s, o.connections);

    DownloadResult r;
    r.commit = s.commit;
    r.files = int(all.size());
    r.bytes = s.total_bytes;
    r.fetched_bytes = s.fetched;
    r.resumed_bytes = resumed_before + s.resumed;
    r.retries = listing.retries + s.retries;
    r.range_ignored = s.range_ignored;
    r.checksum_retries = s.checksum_retries;
    r.cancelled = o.cancel && o.cancel->load() && s.files_done < int(all.size());
    r.seconds = std::chrono::duration<double>(Clock::now() - s.start).count();
    if (r.cancelled) return r;
    for (const RepoFile& f : all) {
        if (std::find_if(sums.begin(), sums.end(), [&](const FileChecksum& c) { return c.name == f.path; }) != sums.end())
            continue;
        sums.push_back({f.path, s.verified[f.path]["sha256"].get<std::string>()});
    }
    write_checksum_manifest(download_manifest_path(o.out), sums);
    write_file_atomically(download_source_path(o.out),
                          nlohmann::json{{"repo", o.repo}, {"revision", o.revision}, {"commit", s.commit},
                                         {"endpoint", o.endpoint}}
                              .dump(1));
    s.report("", true);
    return r;
}

}  // namespace peng::download
