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
#include "download_scenarios.h"
#include "fake_hub.h"
#include "io/checksum_manifest.h"
#include "util/error.h"

using namespace peng;
using namespace peng::download;
namespace fs = std::filesystem;

namespace {

using download_scenarios::compare_with_model;
using download_scenarios::error_of;
using download_scenarios::Fresh;
using download_scenarios::kModel;

const download_scenarios::Scenarios curl("peng_download_", {});   // libcurl: the default transport

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

    // The scenarios are download_scenarios.h's; a clean download also passes `peng-cli inspect`.
    void a_clean_download_is_the_model() {
        curl.a_clean_download_is_the_model([](const fs::path& dir) {
            const Result inspect = cli({"inspect", QString::fromStdString(dir.string())});
            QVERIFY2(inspect.exit_code == 0, qPrintable(inspect.err));
        });
    }

    void a_cut_connection_resumes_with_range() { curl.a_cut_connection_resumes_with_range(); }

    void a_server_that_ignores_range() { curl.a_server_that_ignores_range(); }

    void a_corrupt_byte_is_fetched_again_once_then_stops() { curl.a_corrupt_byte_is_fetched_again_once_then_stops(); }

    void busy_servers_are_retried() { curl.busy_servers_are_retried(); }

    void gated_and_missing_repositories() { curl.gated_and_missing_repositories(); }

    void the_token_stays_with_its_host() { curl.the_token_stays_with_its_host(); }

    void a_stalled_server_is_abandoned() { curl.a_stalled_server_is_abandoned("Operation too slow"); }

    void includes_select_files() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("include"));
        DownloadOptions o = curl.options(hub, out.dir);
        o.includes = {"*.json", "tokenizer*"};
        const DownloadResult r = download_repo(o);
        QVERIFY(fs::exists(out.dir / "config.json") && fs::exists(out.dir / "tokenizer.json"));
        QVERIFY(!fs::exists(out.dir / "model_mtp.safetensors"));
        QVERIFY(r.files >= 4);
        o.includes = {"*.nothing"};
        QVERIFY(error_of(o).contains("no file matches"));
    }

    void cancel_and_resume() { curl.cancel_and_resume(); }

    // peng-cli killed outright mid-download (a crash, a reboot): the next run resumes
    // from the partial files and their journals.
    void a_killed_process_resumes() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("killed"));
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
        Fresh out(curl.folder("full"));
        DownloadOptions o = curl.options(hub, out.dir);
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
