// peng-cli download against a fake Hub on loopback (fake_hub.h) serving a generated
// model: the folder that arrives is byte-identical to the model, SHA256SUMS holds the
// verified digests and `peng-cli inspect` accepts it, whatever fault the server or
// the connection injects; or the run stops with a sentence naming what is wrong.
#include <QtTest>

#include <sys/resource.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "cli_process.h"
#include "download/hub_api.h"
#include "download/hub_download.h"
#include "fake_hub.h"
#include "io/checksum_manifest.h"
#include "util/error.h"

using namespace peng;
using namespace peng::download;
namespace fs = std::filesystem;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every file of the model (but its own SHA256SUMS) is in `out`, byte for byte, and
// out/SHA256SUMS verifies.
QString compare_with_model(const fs::path& out) {
    for (const auto& entry : fs::directory_iterator(kModel)) {
        const std::string name = entry.path().filename().string();
        if (name == kChecksumFile) continue;
        if (!fs::exists(out / name)) return QString::fromStdString(name + " is missing");
        if (read_all(entry.path()) != read_all(out / name)) return QString::fromStdString(name + " differs");
    }
    const VerifyReport report = verify_checksums(out.string());
    if (!report.all_same()) return "SHA256SUMS does not verify";
    return {};
}

struct Fresh {
    fs::path dir;
    explicit Fresh(const std::string& name) : dir(fs::temp_directory_path() / ("peng_download_" + name)) {
        fs::remove_all(dir);
    }
    ~Fresh() { fs::remove_all(dir); }
};

DownloadOptions options(const FakeHub& hub, const fs::path& out) {
    DownloadOptions o;
    o.repo = FakeHub::kRepo;
    o.out = out.string();
    o.endpoint = hub.endpoint();
    o.connections = 3;
    o.first_backoff_s = 0.01;
    o.stall_seconds = 5;
    return o;
}

QString error_of(const DownloadOptions& o) {
    try {
        download_repo(o);
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class DownloadHubTest : public QObject {
    Q_OBJECT
private slots:
    void api_parsing() {
        QCOMPARE(next_page_url("<https://h/api?cursor=2>; rel=\"next\""), std::string("https://h/api?cursor=2"));
        QCOMPARE(next_page_url("<https://h/p>; rel=\"prev\", <https://h/n>; rel=\"next\""), std::string("https://h/n"));
        QCOMPARE(next_page_url(""), std::string());
        QCOMPARE(next_page_url("<broken"), std::string());
        const auto files = parse_tree_page(
            R"([{"type":"directory","path":"d"},{"type":"file","path":"a.json","size":5,"oid":"x"},
                {"type":"file","path":"d/w.safetensors","size":9,"lfs":{"oid":"ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef0123456789","size":9}}])",
            "test");
        QCOMPARE(files.size(), size_t(2));
        QCOMPARE(files[1].sha256, std::string("abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789"));
        for (const char* bad : {R"([{"type":"file","path":"../evil","size":1}])", R"([{"type":"file","path":"/etc/x","size":1}])",
                                R"([{"type":"file","path":"a\\b","size":1}])", R"([{"type":"file","path":".peng-download/x","size":1}])",
                                R"([{"type":"file","path":"x","size":1,"lfs":{"oid":"short"}}])", R"([{"type":"file","size":1}])",
                                R"({"not":"a list"})", "[1"})
            QVERIFY_THROWS_EXCEPTION(Error, parse_tree_page(bad, "test"));
        QCOMPARE(parse_revision_commit(R"({"sha":"0123456789abcdef0123456789abcdef01234567"})", "t").size(), size_t(40));
        QVERIFY_THROWS_EXCEPTION(Error, parse_revision_commit(R"({"sha":"main"})", "t"));
        QVERIFY_THROWS_EXCEPTION(Error, check_repo_id("no-slash"));
        QVERIFY_THROWS_EXCEPTION(Error, check_repo_id("a/b/c"));
        QVERIFY_THROWS_EXCEPTION(Error, check_repo_id("a/.."));
        check_repo_id("XiaomiMiMo/MiMo-V2.6-Flash");
        QVERIFY(selected("model-00001.safetensors", {"*.safetensors"}));
        QVERIFY(!selected("config.json", {"*.safetensors"}));
        QVERIFY(selected("config.json", {}));
        QCOMPARE(resolve_url("https://m.org/", "o/n", "abc", "dir/a b.json"), std::string("https://m.org/o/n/resolve/abc/dir/a%20b.json"));
    }

    void a_clean_download_is_the_model() {
        FakeHub hub(kModel);
        Fresh out("clean");
        const DownloadResult r = download_repo(options(hub, out.dir));
        QCOMPARE(r.commit, std::string(FakeHub::kCommit));
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(hub.faults.pages > 2);       // the tree came in pages
        QVERIFY(hub.faults.redirects > 0);   // LFS files came through the redirect
        const Result inspect = cli({"inspect", QString::fromStdString(out.dir.string())});
        QVERIFY2(inspect.exit_code == 0, qPrintable(inspect.err));
        // Again: everything is verified already, nothing is fetched.
        const DownloadResult again = download_repo(options(hub, out.dir));
        QCOMPARE(again.fetched_bytes, uint64_t(0));
        QCOMPARE(again.resumed_bytes, again.bytes);
    }

    void a_cut_connection_resumes_with_range() {
        FakeHub hub(kModel);
        Fresh out("cut");
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        hub.faults.cut_after = 100000;   // the largest file goes first and is cut
        const DownloadResult r = download_repo(o);
        QVERIFY(r.retries >= 1);
        QVERIFY(hub.faults.range_requests >= 1);
        QVERIFY(r.fetched_bytes < r.bytes + 100000);   // resumed, not fetched again
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void a_server_that_ignores_range() {
        FakeHub hub(kModel);
        Fresh out("norange");
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        hub.faults.cut_after = 100000;
        hub.faults.ignore_range = true;
        const DownloadResult r = download_repo(o);
        QVERIFY(r.range_ignored >= 1);
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void a_corrupt_byte_is_fetched_again_once_then_stops() {
        FakeHub hub(kModel);
        {
            Fresh out("corrupt-once");
            DownloadOptions o = options(hub, out.dir);
            o.connections = 1;
            hub.faults.corrupt = 1;
            const DownloadResult r = download_repo(o);
            QCOMPARE(r.checksum_retries, 1);
            const QString problem = compare_with_model(out.dir);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        Fresh out("corrupt-always");
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        hub.faults.corrupt = 1000;
        const QString error = error_of(o);
        QVERIFY2(error.contains("do not match the repository's SHA-256") && error.contains("model_pp0_ep0_shard0"),
                 qPrintable(error));
        QVERIFY(!fs::exists(out.dir / "model_pp0_ep0_shard0.safetensors"));   // never moved into place
        hub.faults.corrupt = 0;
    }

    void busy_servers_are_retried() {
        FakeHub hub(kModel);
        Fresh out("busy");
        DownloadOptions o = options(hub, out.dir);
        hub.faults.fail_429 = 2;
        hub.faults.fail_503 = 2;
        const DownloadResult r = download_repo(o);
        QVERIFY(r.retries >= 4);
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // One that never recovers stops with the file named.
        Fresh out2("down");
        DownloadOptions o2 = options(hub, out2.dir);
        o2.attempts = 3;
        hub.faults.fail_503 = 1000;
        const QString error = error_of(o2);
        QVERIFY2(error.contains("kept failing") && error.contains("503"), qPrintable(error));
        hub.faults.fail_503 = 0;
    }

    void gated_and_missing_repositories() {
        FakeHub hub(kModel);
        Fresh out("gated");
        DownloadOptions o = options(hub, out.dir);
        o.repo = FakeHub::kGatedRepo;
        QVERIFY2(error_of(o).contains("--token-file"), qPrintable(error_of(o)));
        o.token = "hf_wrong";
        QVERIFY2(error_of(o).contains("not allowed"), qPrintable(error_of(o)));
        o.token = FakeHub::kToken;
        download_repo(o);
        QVERIFY(compare_with_model(out.dir).isEmpty());
        o.repo = "XiaomiMiMo/Nothing";
        QVERIFY2(error_of(o).contains("not found"), qPrintable(error_of(o)));
        o.repo = FakeHub::kRepo;
        o.revision = "no-such-branch";
        QVERIFY2(error_of(o).contains("not found"), qPrintable(error_of(o)));
    }

    void includes_select_files() {
        FakeHub hub(kModel);
        Fresh out("include");
        DownloadOptions o = options(hub, out.dir);
        o.includes = {"*.json", "tokenizer*"};
        const DownloadResult r = download_repo(o);
        QVERIFY(fs::exists(out.dir / "config.json") && fs::exists(out.dir / "tokenizer.json"));
        QVERIFY(!fs::exists(out.dir / "model_mtp.safetensors"));
        QVERIFY(r.files >= 4);
        o.includes = {"*.nothing"};
        QVERIFY(error_of(o).contains("no file matches"));
    }

    // Cancelled midway (as Ctrl-C does): what arrived stays, and the next run resumes it.
    void cancel_and_resume() {
        FakeHub hub(kModel);
        Fresh out("cancel");
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
        QVERIFY(!fs::exists(out.dir / kChecksumFile));
        hub.faults.slow_ms = 0;
        cancel = false;
        o.progress = nullptr;
        const DownloadResult resumed = download_repo(o);
        QVERIFY(!resumed.cancelled);
        QVERIFY2(resumed.resumed_bytes >= 300000, std::to_string(resumed.resumed_bytes).c_str());
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // peng-cli killed outright mid-download (a crash, a reboot): the next run resumes
    // from the partial files and their journals.
    void a_killed_process_resumes() {
        FakeHub hub(kModel);
        Fresh out("killed");
        hub.faults.slow_ms = 40;
        const QStringList args = {"download", FakeHub::kRepo, "--out", QString::fromStdString(out.dir.string()),
                                  "--endpoint", QString::fromStdString(hub.endpoint()), "--connections", "2", "--json"};
        QProcess p;
        p.start(PENG_CLI_PATH, args);
        QVERIFY(p.waitForStarted());
        for (int i = 0; i < 300 && !fs::exists(out.dir / ".peng-download"); ++i) QTest::qWait(20);
        QTest::qWait(600);
        p.kill();
        p.waitForFinished();
        hub.faults.slow_ms = 0;
        const Result again = cli(args);
        QVERIFY2(again.exit_code == 0, qPrintable(again.err));
        const auto report = nlohmann::json::parse(again.out.toStdString());
        QVERIFY2(report["resumed_bytes"].get<uint64_t>() > 0, again.out.toUtf8().constData());
        const QString problem = compare_with_model(out.dir);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // A full disk (here: a file size limit, which fails writes the same way) stops the
    // download with a sentence, keeping what is verified.
    void a_full_disk_stops_cleanly() {
        FakeHub hub(kModel);
        Fresh out("full");
        DownloadOptions o = options(hub, out.dir);
        o.connections = 1;
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = 2'000'000;   // the largest file (3.7 MB) cannot be written
        setrlimit(RLIMIT_FSIZE, &small);
        const QString error = error_of(o);
        setrlimit(RLIMIT_FSIZE, &old);
        QVERIFY2(error.contains("the disk is full"), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(DownloadHubTest)
#include "test_download_hub.moc"
