#pragma once
// A stand-in for the Hugging Face Hub on loopback, for download tests: the revision,
// tree (paginated, with LFS object ids) and resolve endpoints over a folder, resolve
// redirecting LFS files to a second path that honours Range and sends an ETag, a gated
// repository answering 401 without the token, and faults to inject.
#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "io/checksum_manifest.h"

class FakeHub {
public:
    static constexpr const char* kCommit = "0123456789abcdef0123456789abcdef01234567";
    static constexpr const char* kRepo = "XiaomiMiMo/Tiny";
    static constexpr const char* kGatedRepo = "XiaomiMiMo/Gated";
    static constexpr const char* kToken = "hf_test_token";
    static constexpr size_t kLfsFrom = 1024;   // files this large are LFS files
    static constexpr int kPageSize = 3;
    static constexpr int kMaxPages = 200;      // then 404: a listing that loops ends here, even for a client that does not stop

    struct Faults {
        std::atomic<int> cut_after{-1};        // the next file body stops after this many bytes (once)
        std::atomic<bool> ignore_range{false}; // answer 200 with the whole file even to a Range request
        std::atomic<int> corrupt{0};           // the next N file bodies have one byte flipped
        std::atomic<int> fail_429{0}, fail_503{0};   // the next N file requests fail so
        std::atomic<int> slow_ms{0};           // pause per 64 KiB chunk
        std::atomic<int> range_requests{0}, redirects{0}, pages{0}, revisions{0};
        std::atomic<int> cdn_tokens{0};        // requests to the redirect target that carried Authorization
        std::atomic<int> api_fail_503{0};      // the next N API requests answer 503 with Retry-After: 30
        std::atomic<bool> huge_revision{false};   // the revision answer is 17 MiB of JSON
    } faults;
    // A hostile or broken server; set these before a download starts.
    std::map<std::string, uint64_t> listed_size;   // a size the listing gives instead of the file's own
    // When set, the Link header of every page, given the cursor the next page would
    // have ("" for none); page_url() writes the server's own page addresses.
    std::function<std::string(size_t next_cursor)> next_link;
    // When set, every resolve answers with a redirect to this URL ("" = none);
    // endpoint() + "/loop" redirects to itself.
    std::string resolve_redirect;
    // The host LFS redirects name; "" = a path on the same host. "localhost" names this
    // server under another host name, as the Hub's CDN is another host.
    std::string redirect_host;

    explicit FakeHub(const std::string& folder) : folder_(folder) {
        for (const auto& entry : std::filesystem::directory_iterator(folder)) {
            const std::string name = entry.path().filename().string();
            if (!entry.is_regular_file() || name == peng::kChecksumFile) continue;
            File f{name, entry.file_size(), "", {}};
            std::ifstream in(entry.path(), std::ios::binary);
            f.bytes.assign(std::istreambuf_iterator<char>(in), {});
            if (f.size >= kLfsFrom) f.sha256 = peng::sha256_of_file(entry.path().string());
            files_.push_back(std::move(f));
        }
        std::sort(files_.begin(), files_.end(), [](const File& a, const File& b) { return a.path < b.path; });
        routes();
        port_ = server_.bind_to_any_port("127.0.0.1");
        thread_ = std::thread([this] { server_.listen_after_bind(); });
        for (int i = 0; i < 500 && !server_.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ~FakeHub() {
        server_.stop();
        thread_.join();
    }
    std::string endpoint() const { return "http://127.0.0.1:" + std::to_string(port_); }
    int port() const { return port_; }
    // The address of kRepo's tree page at `cursor`, as the server's own Link headers write it.
    std::string page_url(size_t cursor) const {
        return endpoint() + "/api/models/" + kRepo + "/tree/" + kCommit + "?recursive=true" +
               (cursor ? "&cursor=" + std::to_string(cursor) : "");
    }
    // One more file in the repository (an LFS file from kLfsFrom bytes on).
    void add_file(const std::string& path, const std::string& bytes) {
        File f{path, bytes.size(), "", bytes};
        if (f.size >= kLfsFrom) f.sha256 = sha256_of(bytes);
        files_.push_back(std::move(f));
        std::sort(files_.begin(), files_.end(), [](const File& a, const File& b) { return a.path < b.path; });
    }
    const std::string& folder() const { return folder_; }
    // "" when every file served is in `out` byte for byte; else which one is not.
    std::string first_difference(const std::filesystem::path& out) const {
        for (const File& f : files_) {
            std::ifstream in(out / f.path, std::ios::binary);
            if (!in) return f.path + " is missing";
            if (std::string(std::istreambuf_iterator<char>(in), {}) != f.bytes) return f.path + " differs";
        }
        return "";
    }

private:
    struct File {
        std::string path;
        uint64_t size;
        std::string sha256;
        std::string bytes;
    };

    bool allowed(const httplib::Request& req, const std::string& repo) const {
        return repo != kGatedRepo || req.get_header_value("Authorization") == std::string("Bearer ") + kToken;
    }
    const File* find(const std::string& path) const {
        for (const File& f : files_)
            if (f.path == path) return &f;
        return nullptr;
    }
    bool known(const std::string& repo) const { return repo == kRepo || repo == kGatedRepo; }
    static std::string sha256_of(const std::string& bytes) {
        const auto path = std::filesystem::temp_directory_path() / ("fake_hub_" + std::to_string(::getpid()) + ".bin");
        std::ofstream(path, std::ios::binary) << bytes;
        const std::string digest = peng::sha256_of_file(path.string());
        std::filesystem::remove(path);
        return digest;
    }
    bool api_fails(httplib::Response& res) {
        if (faults.api_fail_503 <= 0 || faults.api_fail_503-- <= 0) return false;
        res.status = 503;
        res.set_header("Retry-After", "30");
        return true;
    }

    void routes() {
        server_.Get(R"(/api/models/([^/]+/[^/]+)/revision/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
            const std::string repo = req.matches[1], rev = req.matches[2];
            ++faults.revisions;
            if (api_fails(res)) return;
            if (!known(repo)) return void(res.status = 404);
            if (!allowed(req, repo)) return void(res.status = 401);
            if (rev != "main" && rev != kCommit) return void(res.status = 404);
            nlohmann::json answer = {{"id", repo}, {"sha", kCommit}};
            if (faults.huge_revision) answer["siblings"] = std::string(17 << 20, 'x');
            res.set_content(answer.dump(), "application/json");
        });
        server_.Get(R"(/api/models/([^/]+/[^/]+)/tree/([^/?]+))", [this](const httplib::Request& req, httplib::Response& res) {
            const std::string repo = req.matches[1];
            if (!known(repo)) return void(res.status = 404);
            if (!allowed(req, repo)) return void(res.status = 401);
            if (api_fails(res)) return;
            if (++faults.pages > kMaxPages) return void(res.status = 404);
            const size_t cursor = req.has_param("cursor") ? std::stoul(req.get_param_value("cursor")) : 0;
            nlohmann::json page = nlohmann::json::array();
            if (cursor == 0) page.push_back({{"type", "directory"}, {"path", "empty-folder"}, {"size", 0}, {"oid", "x"}});
            for (size_t i = cursor; i < std::min(files_.size(), cursor + kPageSize); ++i) {
                const auto lie = listed_size.find(files_[i].path);
                const uint64_t size = lie == listed_size.end() ? files_[i].size : lie->second;
                nlohmann::json e = {{"type", "file"}, {"path", files_[i].path}, {"size", size}, {"oid", "blob"}};
                if (!files_[i].sha256.empty()) e["lfs"] = {{"oid", files_[i].sha256}, {"size", size}, {"pointerSize", 130}};
                page.push_back(e);
            }
            if (next_link) {
                const std::string link = next_link(cursor + kPageSize);
                if (!link.empty()) res.set_header("Link", link);
            } else if (cursor + kPageSize < files_.size())
                res.set_header("Link", "<" + endpoint() + "/api/models/" + repo + "/tree/" + kCommit +
                                           "?recursive=true&cursor=" + std::to_string(cursor + kPageSize) + ">; rel=\"next\"");
            res.set_content(page.dump(), "application/json");
        });
        server_.Get(R"(/([^/]+/[^/]+)/resolve/([^/]+)/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
            const std::string repo = req.matches[1], path = req.matches[3];
            const File* f = find(path);
            if (!known(repo) || !f || std::string(req.matches[2]) != kCommit) return void(res.status = 404);
            if (!allowed(req, repo)) return void(res.status = 401);
            if (!resolve_redirect.empty()) return res.set_redirect(resolve_redirect, 302);
            if (!f->sha256.empty()) {   // LFS files live elsewhere, as on the Hub's CDN
                ++faults.redirects;
                const std::string host = redirect_host.empty() ? "" : "http://" + redirect_host + ":" + std::to_string(port_);
                res.set_redirect(host + "/cdn/" + f->sha256 + "/" + path, 302);
                return;
            }
            serve(req, res, *f);
        });
        server_.Get("/loop", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/loop", 302); });
        server_.Get(R"(/cdn/([0-9a-f]+)/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
            const File* f = find(req.matches[2]);
            if (!f) return void(res.status = 404);
            if (req.has_header("Authorization")) ++faults.cdn_tokens;
            serve(req, res, *f);
        });
    }

    void serve(const httplib::Request& req, httplib::Response& res, const File& f) {
        if (faults.fail_429 > 0 && faults.fail_429-- > 0) {
            res.status = 429;
            res.set_header("Retry-After", "0");
            return;
        }
        if (faults.fail_503 > 0 && faults.fail_503-- > 0) return void(res.status = 503);
        if (!req.ranges.empty()) ++faults.range_requests;
        // A server that ignores Range: httplib applies ranges itself, so the request's are dropped.
        if (faults.ignore_range) const_cast<httplib::Request&>(req).ranges.clear();
        std::string body = f.bytes;
        if (faults.corrupt > 0 && faults.corrupt-- > 0) body[body.size() / 2] ^= 0x5A;
        res.set_header("ETag", "\"" + (f.sha256.empty() ? std::to_string(f.size) : f.sha256) + "\"");
        const int cut = faults.cut_after.exchange(-1);
        auto data = std::make_shared<std::string>(std::move(body));
        res.set_content_provider(data->size(), "application/octet-stream",
                                 [this, data, cut](size_t offset, size_t length, httplib::DataSink& sink) {
                                     if (faults.slow_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(faults.slow_ms));
                                     const size_t n = std::min<size_t>(length, 65536);
                                     if (cut >= 0 && offset + n > size_t(cut)) {
                                         if (offset < size_t(cut)) sink.write(data->data() + offset, size_t(cut) - offset);
                                         return false;   // the connection drops mid-file
                                     }
                                     return sink.write(data->data() + offset, n);
                                 });
    }

    std::string folder_;
    std::vector<File> files_;
    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
};
