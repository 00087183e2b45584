#pragma once
// The fake-Hub scenarios (fake_hub.h) every download transport must pass: libcurl's in
// test_download_hub.cpp, the app's QtNetwork one in tests/app/test_download_qt_transport.cpp.
// After each, the folder is byte-identical to the model and its manifest verifies, or
// the run stopped with the sentence that names what is wrong. They use Qt Test's
// macros, so a failure fails the calling test function.
#include <QtTest>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "download/hub_download.h"
#include "fake_hub.h"
#include "io/checksum_manifest.h"
#include "util/error.h"

namespace download_scenarios {

namespace fs = std::filesystem;
using namespace peng::download;

inline const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

inline std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// "" when every file of the model (but its own SHA256SUMS, which FakeHub leaves out)
// is in `out`, byte for byte, and the download's manifest verifies; else what is not.
inline QString compare_with_model(const fs::path& out) {
    for (const auto& entry : fs::directory_iterator(kModel)) {
        const std::string name = entry.path().filename().string();
        if (name == peng::kChecksumFile) continue;
        if (!fs::exists(out / name)) return QString::fromStdString(name + " is missing");
        if (read_all(entry.path()) != read_all(out / name)) return QString::fromStdString(name + " differs");
    }
    if (!fs::exists(peng::download_manifest_path(out.string()))) return "the download wrote no manifest";
    if (!peng::verify_checksums(out.string()).all_same()) return "the download's manifest does not verify";
    return {};
}

// An empty folder under the temporary directory, removed afterwards.
struct Fresh {
    fs::path dir;
    explicit Fresh(fs::path path) : dir(std::move(path)) { fs::remove_all(dir); }
    ~Fresh() { fs::remove_all(dir); }
    Fresh(const Fresh&) = delete;
    Fresh& operator=(const Fresh&) = delete;
};

// The sentence download_repo stops with ("" when it finishes).
inline QString error_of(const DownloadOptions& o) {
    try {
        download_repo(o);
    } catch (const peng::Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

class Scenarios {
public:
    // `prefix` names the folders (test programs CTest runs at once stay apart);
    // `transport` empty = libcurl.
    Scenarios(std::string prefix, TransportFactory transport) : prefix_(std::move(prefix)), transport_(std::move(transport)) {}

    fs::path folder(const std::string& name) const { return fs::temp_directory_path() / (prefix_ + name); }

    // The fake Hub's repository into `out`, with short waits.
    DownloadOptions options(const FakeHub& hub, const fs::path& out) const {
        DownloadOptions o;
        o.repo = FakeHub::kRepo;
        o.out = out.string();
        o.endpoint = hub.endpoint();
        o.connections = 3;
        o.first_backoff_s = 0.01;
        o.stall_seconds = 5;
        o.transport = transport_;
        return o;
    }

    // The tree comes in pages, LFS files through the redirect to a second path; a second
    // run fetches nothing. `check_folder` looks at the finished folder too.
    void a_clean_download_is_the_model(const std::function<void(const fs::path&)>& check_folder = {}) const {
        FakeHub hub(kModel);
        Fresh out(folder("clean"));
        const DownloadResult r = download_repo(options(hub, out.dir));
        QCOMPARE(r.commit, std::string(FakeHub::kCommit));
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(hub.faults.pages > 2);
        QVERIFY(hub.faults.redirects > 0);
        if (check_folder) check_folder(out.dir);
        const DownloadResult again = download_repo(options(hub, out.dir));
        QCOMPARE(again.fetched_bytes, uint64_t(0));
        QCOMPARE(again.resumed_bytes, again.bytes);
    }

    // The connection drops mid-file: the file resumes with a Range request.
    void a_cut_connection_resumes_with_range() const { cut_mid_file(false); }
    // The same with a server that ignores Range (answers 200): the file starts over.
    void a_server_that_ignores_range() const { cut_mid_file(true); }

    void a_corrupt_byte_is_fetched_again_once_then_stops() const {
        FakeHub hub(kModel);
        {
            Fresh out(folder("corrupt-once"));
            DownloadOptions o = options(hub, out.dir);
            o.connections = 1;
            hub.faults.corrupt = 1;
            const DownloadResult r = download_repo(o);
            QCOMPARE(r.checksum_retries, 1);
            const QString problem = compare_with_model(out.dir);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        Fresh out(folder("corrupt-always"));
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        hub.faults.corrupt = 1000;
        const QString error = error_of(o);
        QVERIFY2(error.contains("do not match the repository's SHA-256") && error.contains("model_pp0_ep0_shard0"),
                 qPrintable(error));
        QVERIFY(!fs::exists(out.dir / "model_pp0_ep0_shard0.safetensors"));   // never moved into place
        hub.faults.corrupt = 0;
    }

    // 429 and 503 are retried; a server that never recovers stops the run, naming the file.
    void busy_servers_are_retried() const {
        FakeHub hub(kModel);
        Fresh out(folder("busy"));
        hub.faults.fail_429 = 2;
        hub.faults.fail_503 = 2;
        const DownloadResult r = download_repo(options(hub, out.dir));
        QVERIFY(r.retries >= 4);
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        Fresh out2(folder("down"));
        DownloadOptions o2 = options(hub, out2.dir);
        o2.attempts = 3;
        hub.faults.fail_503 = 1000;
        const QString error = error_of(o2);
        QVERIFY2(error.contains("kept failing") && error.contains("503"), qPrintable(error));
        hub.faults.fail_503 = 0;
    }

    void gated_and_missing_repositories() const {
        FakeHub hub(kModel);
        Fresh out(folder("gated"));
        DownloadOptions o = options(hub, out.dir);
        o.repo = FakeHub::kGatedRepo;
        QVERIFY2(error_of(o).contains("--token-file"), qPrintable(error_of(o)));
        o.token = "hf_wrong";
        QVERIFY2(error_of(o).contains("not allowed"), qPrintable(error_of(o)));
        o.token = FakeHub::kToken;
        download_repo(o);
        QVERIFY(compare_with_model(out.dir).isEmpty());
        QVERIFY(hub.faults.cdn_tokens > 0);   // a redirect to the same host keeps the token
        o.repo = "XiaomiMiMo/Nothing";
        QVERIFY2(error_of(o).contains("not found"), qPrintable(error_of(o)));
        o.repo = FakeHub::kRepo;
        o.revision = "no-such-branch";
        QVERIFY2(error_of(o).contains("not found"), qPrintable(error_of(o)));
    }

    // The token goes to the Hub, never to another host a redirect names (the CDN).
    void the_token_stays_with_its_host() const {
        FakeHub hub(kModel);
        Fresh out(folder("token-host"));
        DownloadOptions o = options(hub, out.dir);
        o.repo = FakeHub::kGatedRepo;
        o.token = FakeHub::kToken;
        hub.redirect_host = "localhost";
        download_repo(o);
        QVERIFY(hub.faults.redirects > 0);
        QCOMPARE(hub.faults.cdn_tokens.load(), 0);
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // Failures a retry would only repeat stop at once with a sentence naming them: an
    // API answer over the cap, a redirect to a file:// URL, a redirect loop.
    void answers_that_cannot_be_right_are_not_retried() const {
        FakeHub hub(kModel);
        Fresh out(folder("permanent"));
        DownloadOptions o = options(hub, out.dir);
        o.first_backoff_s = 6;   // a retry would show in the time taken (one try of a 17 MiB answer takes 2 s on a busy machine)
        o.attempts = 3;
        const auto check = [&](const QString& words) {
            QElapsedTimer clock;
            clock.start();
            const QString error = error_of(o);
            QVERIFY2(error.contains(words), qPrintable(error));
            QVERIFY2(clock.elapsed() < 5000, qPrintable(error + " after " + QString::number(clock.elapsed()) + " ms"));
        };
        hub.faults.huge_revision = true;
        check("larger than 16777216 bytes, the most Peng reads of an API answer");
        hub.faults.huge_revision = false;
        hub.resolve_redirect = "file:///etc/passwd";
        check("not an http(s) URL");
        hub.resolve_redirect = hub.endpoint() + "/loop";
        check("more than 10 redirects");
        QVERIFY(!fs::exists(out.dir / "config.json"));
    }

    // Cancelled midway (as Ctrl-C or Pause do): what arrived stays, and the next run resumes it.
    void cancel_and_resume() const {
        FakeHub hub(kModel);
        Fresh out(folder("cancel"));
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        std::atomic<bool> cancel{false};
        o.cancel = &cancel;
        hub.faults.slow_ms = 20;
        o.progress = [&](const DownloadProgress& p) {
            if (p.done_bytes > 300000) cancel = true;
        };
        const DownloadResult stopped = download_repo(o);
        QVERIFY(stopped.cancelled);
        QVERIFY(!fs::exists(peng::download_manifest_path(out.dir.string())));
        hub.faults.slow_ms = 0;
        cancel = false;
        o.progress = nullptr;
        const DownloadResult resumed = download_repo(o);
        QVERIFY(!resumed.cancelled);
        QVERIFY2(resumed.resumed_bytes >= 300000, std::to_string(resumed.resumed_bytes).c_str());
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // A server that stops sending: each try is abandoned after the stall timeout, then
    // the run stops, naming the file and the cause (`stall_words`, the transport's).
    void a_stalled_server_is_abandoned(const QString& stall_words) const {
        FakeHub hub(kModel);
        Fresh out(folder("stall"));
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        o.attempts = 2;
        o.stall_seconds = 1;
        hub.faults.slow_ms = 2500;   // per 64 KiB: the first chunk already takes longer than the stall timeout
        QElapsedTimer clock;
        clock.start();
        const QString error = error_of(o);
        hub.faults.slow_ms = 0;
        QVERIFY2(error.contains("kept failing") && error.contains(stall_words), qPrintable(error));
        QVERIFY2(clock.elapsed() < 20000, qPrintable(QString::number(clock.elapsed())));
    }

private:
    void cut_mid_file(bool ignore_range) const {
        FakeHub hub(kModel);
        Fresh out(folder(ignore_range ? "norange" : "cut"));
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        hub.faults.cut_after = 100000;   // the largest file goes first and is cut
        hub.faults.ignore_range = ignore_range;
        const DownloadResult r = download_repo(o);
        QVERIFY(r.retries >= 1);
        QVERIFY(hub.faults.range_requests >= 1);
        if (ignore_range) QVERIFY(r.range_ignored >= 1);
        else QVERIFY(r.fetched_bytes < r.bytes + 100000);   // resumed, not fetched again
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    std::string prefix_;
    TransportFactory transport_;
};

}  // namespace download_scenarios
