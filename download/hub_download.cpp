#include "download/hub_download.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "download/http_get.h"
#include "download/hub_api.h"
#include "io/atomic_write.h"
#include "io/checksum_manifest.h"
#include "util/error.h"

namespace peng::download {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kStateDir = ".peng-download";

bool transient(const HttpAnswer& a) {
    return !a.transport_error.empty() || a.status == 429 || a.status == 408 || a.status >= 500;
}

std::string describe(const HttpAnswer& a) {
    return a.transport_error.empty() ? "HTTP " + std::to_string(a.status) : a.transport_error;
}

double retry_after(const HttpAnswer& a, double fallback) {
    const auto it = a.headers.find("retry-after");
    if (it == a.headers.end()) return fallback;
    try {
        return std::min(60.0, std::max(0.0, std::stod(it->second)));
    } catch (...) {
        return fallback;
    }
}

[[noreturn]] void refuse(const HttpAnswer& a, const std::string& repo, const std::string& what, bool has_token) {
    if (a.status == 401 || a.status == 403)
        throw Error(repo + " is gated or private: " +
                    (has_token ? "the token given is not allowed to read it (accept its terms on its page, or use "
                                 "a token of an account that may)"
                               : "give a Hugging Face access token with --token-file (create one at "
                                 "https://huggingface.co/settings/tokens after accepting the model's terms)"));
    if (a.status == 404) throw Error(what + ": not found (HTTP 404): check the repository id and revision");
    throw Error(what + ": " + describe(a));
}

std::unique_ptr<HttpTransport> make_transport(const DownloadOptions& o) {
    if (!o.transport) return std::make_unique<HttpGet>(o.token, o.stall_seconds);
    std::unique_ptr<HttpTransport> made = o.transport(o.token, o.stall_seconds);
    if (!made) throw Error("the download's HTTP transport could not be created");
    return made;
}

// One API document, retried while the failure is transient.
HttpAnswer get_document(HttpTransport& http, const std::string& url, const DownloadOptions& o, int& retries) {
    double wait = o.first_backoff_s;
    for (int attempt = 1;; ++attempt) {
        HttpAnswer a = http.get(url);
        if (!transient(a) || attempt >= o.attempts) return a;
        ++retries;
        std::this_thread::sleep_for(std::chrono::duration<double>(retry_after(a, wait)));
        wait *= 2;
    }
}

struct Shared {
    const DownloadOptions& options;
    std::string commit;
    std::vector<RepoFile> files;
    std::mutex mutex;
    size_t next = 0;
    std::string error;                   // the first fatal error
    std::atomic<bool> stop{false};
    std::atomic<uint64_t> done_bytes{0}, fetched{0}, resumed{0};
    std::atomic<int> files_done{0}, retries{0}, range_ignored{0}, checksum_retries{0};
    uint64_t total_bytes = 0;
    Clock::time_point start = Clock::now(), last_report{};
    nlohmann::json verified = nlohmann::json::object();   // path -> sha256, the state file
    explicit Shared(const DownloadOptions& o) : options(o) {}

    fs::path state() const { return fs::path(options.out) / kStateDir; }
    void report(const std::string& current, bool force = false, uint64_t current_done = 0, uint64_t current_size = 0,
                bool checking = false) {
        if (!options.progress) return;
        std::lock_guard lock(mutex);
        const auto now = Clock::now();
        if (!force && now - last_report < std::chrono::milliseconds(250)) return;
        last_report = now;
        DownloadProgress p;
        p.done_bytes = done_bytes;
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

// The SHA-256 a finished file must have ("" for a small file: its size is checked and
// its digest computed here for SHA256SUMS).
bool check_file(const fs::path& path, const RepoFile& file, std::string& digest) {
    std::error_code ec;
    if (fs::file_size(path, ec) != file.size || ec) return false;
    digest = sha256_of_file(path.string());
    return file.sha256.empty() || digest == file.sha256;
}

class FileFetch {
public:
    FileFetch(Shared& shared, HttpTransport& http, const RepoFile& file) : s_(shared), http_(http), file_(file) {
        part_ = s_.state() / (file.path + ".part");
        journal_ = s_.state() / (file.path + ".json");
        target_ = fs::path(s_.options.out) / file.path;
    }

    // Returns the file's SHA-256 once it is in place; throws Error when it cannot be.
    std::string run() {
        fs::create_directories(part_.parent_path());
        start_or_resume();
        if (file_.size == 0)   // nothing to fetch: the partial file is the whole file
            if (std::FILE* empty = std::fopen(part_.string().c_str(), "ab")) std::fclose(empty);
        bool digest_failed_once = false;
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
                if (!finished_answer && !(a.status == 416)) {
                    if (!transient(a)) refuse(a, s_.options.repo, file_.path, !s_.options.token.empty());
                    if (++transient_failures >= s_.options.attempts)
                        throw Error(file_.path + ": the server kept failing (" + describe(a) + ") after " +
                                    std::to_string(transient_failures) + " tries; run the download again to resume");
                    ++s_.retries;
                    std::this_thread::sleep_for(std::chrono::duration<double>(retry_after(a, wait)));
                    wait *= 2;
                    continue;
                }
                have = part_size();
                if (have < file_.size) {   // the connection ended early without an error
                    if (++transient_failures >= s_.options.attempts)
                        throw Error(file_.path + ": the server keeps ending the file early; run the download again to resume");
                    ++s_.retries;
                    continue;
                }
            }
            std::string digest;
            if (part_size() == file_.size && check_file(part_, file_, digest)) {
                fs::create_directories(target_.parent_path());
                fs::rename(part_, target_);
                fs::remove(journal_);
                return digest;
            }
            // The bytes are wrong (a digest that fails, or more bytes than the file has):
            // start over once, then stop naming the file.
            fs::remove(part_);
            s_.done_bytes -= std::min<uint64_t>(s_.done_bytes, have);
            if (digest_failed_once)
                throw Error(file_.path + ": the downloaded bytes do not match the repository's SHA-256 " + file_.sha256 +
                            " (got " + digest + ") twice; stopped. The server or the connection corrupts data");
            digest_failed_once = true;
            ++s_.checksum_retries;
        }
    }

private:
    bool stopped() const { return s_.stop || (s_.options.cancel && s_.options.cancel->load()); }
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
            std::FILE* f = std::fopen(journal_.string().c_str(), "rb");
            std::string text;
            if (f) {
                char buffer[4096];
                size_t n;
                while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
                std::fclose(f);
            }
            resume = nlohmann::json::parse(text, nullptr, false) == want;
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
        s_.done_bytes += have;
        s_.resumed += have;
    }

    HttpAnswer fetch_from(uint64_t offset) {
        std::FILE* out = nullptr;
        uint64_t written = 0;
        const std::string url = resolve_url(s_.options.endpoint, s_.options.repo, s_.commit, file_.path);
        HttpAnswer a = http_.fetch(
            url, offset,
            [&](long status) {
                if (status != 200 && status != 206) return false;
                uint64_t at = offset;
                at_start_ = false;
                if (status == 200 && offset > 0) {   // the server ignored Range: the whole file comes
                    ++s_.range_ignored;
                    s_.done_bytes -= std::min<uint64_t>(s_.done_bytes, offset);
                    at = 0;
                    at_start_ = true;
                }
                out = std::fopen(part_.string().c_str(), at == 0 ? "wb" : "ab");
                return out != nullptr;
            },
            [&](const char* data, size_t size) {
                if (written + size > file_.size + (1u << 20)) return false;   // far more than the file: stop reading
                if (std::fwrite(data, 1, size, out) != size || std::fflush(out) != 0) {
                    disk_full_ = true;
                    return false;
                }
                written += size;
                s_.done_bytes += size;
                s_.fetched += size;
                s_.report(file_.path, false, (at_start_ ? 0 : offset) + written, file_.size);
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
    bool at_start_ = false;   // this answer restarted the file from byte 0 (Range ignored)
};

void worker(Shared& s) {
    try {
        const std::unique_ptr<HttpTransport> http = make_transport(s.options);
        for (;;) {
            size_t index;
            {
                std::lock_guard lock(s.mutex);
                if (s.next >= s.files.size() || s.stop) return;
                index = s.next++;
            }
            const RepoFile& file = s.files[index];
            const std::string digest = FileFetch(s, *http, file).run();
            if (digest.empty()) return;   // cancelled or stopped
            s.remember(file, digest);
            ++s.files_done;
            s.report(file.path, true);
        }
    } catch (const std::exception& e) {
        std::lock_guard lock(s.mutex);
        if (s.error.empty()) s.error = e.what();
        s.stop = true;
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
    int retries = 0;

    const HttpAnswer revision = get_document(http, revision_url(o.endpoint, o.repo, o.revision), o, retries);
    if (revision.status != 200) refuse(revision, o.repo, o.repo + "@" + o.revision, !o.token.empty());
    s.commit = parse_revision_commit(revision.body, o.endpoint);

    std::vector<RepoFile> listed;
    for (std::string url = tree_url(o.endpoint, o.repo, s.commit); !url.empty();) {
        const HttpAnswer page = get_document(http, url, o, retries);
        if (page.status != 200) refuse(page, o.repo, "listing " + o.repo + "@" + s.commit, !o.token.empty());
        for (RepoFile& f : parse_tree_page(page.body, url)) listed.push_back(std::move(f));
        const auto link = page.headers.find("link");
        url = link == page.headers.end() ? "" : next_page_url(link->second);
        if (!url.empty() && url.front() == '/') url = o.endpoint + url;
    }
    for (RepoFile& f : listed)
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
        if (fs::exists(target, ec) && check_file(target, f, digest)) {
            sums.push_back({f.path, digest});
            s.verified[f.path] = {{"sha256", digest}, {"size", f.size}, {"commit", s.commit}};
            s.done_bytes += f.size;
            ++s.files_done;
            continue;
        }
        const uint64_t partial = fs::file_size(s.state() / (f.path + ".part"), ec);
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
    std::vector<std::thread> threads;
    for (int i = 0; i < std::min<int>(o.connections, int(s.files.size())); ++i) threads.emplace_back(worker, std::ref(s));
    for (std::thread& t : threads) t.join();
    if (!s.error.empty()) throw Error(s.error);

    DownloadResult r;
    r.commit = s.commit;
    r.files = int(all.size());
    r.bytes = s.total_bytes;
    r.fetched_bytes = s.fetched;
    r.resumed_bytes = resumed_before + s.resumed;
    r.retries = retries + s.retries;
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
    write_checksums(o.out, sums);
    write_file_atomically((s.state() / "source.json").string(),
                          nlohmann::json{{"repo", o.repo}, {"revision", o.revision}, {"commit", s.commit},
                                         {"endpoint", o.endpoint}}
                              .dump(1));
    s.report("", true);
    return r;
}

}  // namespace peng::download
