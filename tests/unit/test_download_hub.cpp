// peng-cli download against a fake Hub on loopback (fake_hub.h) serving a generated
// model: the folder that arrives is byte-identical to the model, SHA256SUMS holds the
// verified digests and `peng-cli inspect` accepts it, whatever fault the server or
// the connection injects; or the run stops with a sentence naming what is wrong.
#include <QtTest>

#include <sys/resource.h>

#include <signal.h>

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

using download_scenarios::read_all;

std::string next(const std::string& url) { return "<" + url + ">; rel=\"next\""; }

// The sentence a download stops with, or "cancelled" / "finished", and how long it took.
std::pair<QString, qint64> outcome_of(const DownloadOptions& o) {
    QElapsedTimer clock;
    clock.start();
    QString what;
    try {
        what = download_repo(o).cancelled ? "cancelled" : "finished";
    } catch (const Error& e) {
        what = QString::fromUtf8(e.what());
    }
    return {what, clock.elapsed()};
}

// Sets `flag` after `ms` on a thread of its own, as Ctrl-C would.
struct CancelLater {
    std::thread thread;
    CancelLater(std::atomic<bool>& flag, int ms)
        : thread([&flag, ms] {
              std::this_thread::sleep_for(std::chrono::milliseconds(ms));
              flag = true;
          }) {}
    ~CancelLater() { thread.join(); }
};

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

    // A listing names paths that would leave the folder on some system, or enter a .git
    // folder (whose config and hooks run programs at the next git command), or Peng's
    // own state: each is refused, in any letter case; ordinary dotfiles pass.
    void hostile_paths_are_refused() {
        for (const char* bad : {".git/config", ".GIT/hooks/pre-commit", "sub/.Git/config", ".git./config", ".git /x",
                                "git~1/config", "a/../b", "..", ".. /x", "...", "a/./b", "a//b", "a/", "C:/x", "c:x",
                                "x/y:stream", "\\\\server\\share", "a\\b", "/abs", "a\nb", "a\tb", ".PENG-DOWNLOAD/x"}) {
            const std::string page = nlohmann::json::array({{{"type", "file"}, {"path", bad}, {"size", 1}}}).dump();
            QVERIFY_THROWS_EXCEPTION(Error, parse_tree_page(page, "test"));
        }
        // A "type" that is not a string is no file (it threw a json exception, not an Error).
        QCOMPARE(parse_tree_page(R"([{"type":1,"path":"x","size":1},{"type":null},{"type":["file"]},7,"file"])", "test").size(),
                 size_t(0));
        for (const char* good : {".gitattributes", ".github/workflows/ci.yml", "dir/.gitignore", "SHA256SUMS", "a..b",
                                 "..a", "git/config", "dir with space/x.json"}) {
            const std::string page = nlohmann::json::array({{{"type", "file"}, {"path", good}, {"size", 1}}}).dump();
            QCOMPARE(parse_tree_page(page, "test").size(), size_t(1));
        }
    }

    // A hostile mirror's .git/config never reaches a git working tree downloaded into.
    void a_listed_git_folder_is_never_written() {
        for (const char* path : {".git/config", "sub/.GIT/hooks/post-checkout"}) {
            FakeHub hub(kModel);
            hub.add_file(path, "[core]\n\tfsmonitor = touch pwned\n");
            Fresh out(curl.folder("git"));
            fs::create_directories(out.dir / ".git");
            std::ofstream(out.dir / ".git" / "config") << "mine\n";
            const QString error = error_of(curl.options(hub, out.dir));
            QVERIFY2(error.contains("refusing the file path") && error.contains(".git folder"), qPrintable(error));
            QCOMPARE(read_all(out.dir / ".git" / "config"), std::string("mine\n"));
            QVERIFY(!fs::exists(out.dir / "sub"));
        }
    }

    // Every page of the listing carries the token: a next page on another host or port
    // is refused before any request goes there; a relative link is the endpoint's own.
    void next_pages_stay_on_the_endpoint_origin() {
        FakeHub hub(kModel), elsewhere_hub(kModel);   // the second counts any page asked of it
        Fresh out(curl.folder("origin"));
        DownloadOptions o = curl.options(hub, out.dir);
        o.repo = FakeHub::kGatedRepo;
        o.token = FakeHub::kToken;
        const std::string tree = std::string("/api/models/") + FakeHub::kGatedRepo + "/tree/" + FakeHub::kCommit;
        for (const std::string& elsewhere : {elsewhere_hub.endpoint() + tree + "?cursor=3",
                                             "http://localhost:" + std::to_string(hub.port()) + tree + "?cursor=3",
                                             "https://127.0.0.1:" + std::to_string(hub.port()) + tree + "?cursor=3"}) {
            hub.next_link = [&](size_t) { return next(elsewhere); };
            const QString error = error_of(o);
            QVERIFY2(error.contains("refusing the next page") && error.contains("not on http://127.0.0.1:"), qPrintable(error));
        }
        QCOMPARE(elsewhere_hub.faults.pages.load(), 0);
        hub.next_link = [&](size_t cursor) {
            return cursor < 12 ? next(tree + "?recursive=true&cursor=" + std::to_string(cursor)) : "";
        };
        QVERIFY2(error_of(o).isEmpty(), qPrintable(error_of(o)));
        QVERIFY(compare_with_model(out.dir).isEmpty());
    }

    // A next-page link back to a page already read (itself, or one before) is a loop:
    // it stops at once instead of asking forever.
    void a_listing_that_loops_stops() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("loop"));
        hub.next_link = [&](size_t) { return next(hub.page_url(0)); };
        QString error = error_of(curl.options(hub, out.dir));
        QVERIFY2(error.contains("a page already read (a loop)"), qPrintable(error));
        QCOMPARE(hub.faults.pages.load(), 1);
        hub.faults.pages = 0;
        hub.next_link = [&](size_t cursor) { return next(hub.page_url(cursor % 6)); };   // 0 -> 3 -> 0
        error = error_of(curl.options(hub, out.dir));
        QVERIFY2(error.contains("a page already read (a loop)"), qPrintable(error));
        QCOMPARE(hub.faults.pages.load(), 2);
    }

    // Pages that never end (each a new cursor) stop at max_listing_pages.
    void a_listing_without_end_stops() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("endless"));
        hub.next_link = [&](size_t cursor) { return next(hub.page_url(cursor)); };
        DownloadOptions o = curl.options(hub, out.dir);
        o.max_listing_pages = 10;
        const QString error = error_of(o);
        QVERIFY2(error.contains("goes on past 10 pages"), qPrintable(error));
        QCOMPARE(hub.faults.pages.load(), 10);
    }

    // Cancel (Ctrl-C, Pause) is honoured in a back-off pause while listing and while
    // fetching, within a fraction of a second, not after the server's 30 s Retry-After.
    void cancel_stops_listing_and_back_off() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("cancel-wait"));
        DownloadOptions o = curl.options(hub, out.dir);
        o.first_backoff_s = 20;
        o.attempts = 2;
        std::atomic<bool> cancel{false};
        o.cancel = &cancel;
        hub.faults.api_fail_503 = 1000;
        {
            CancelLater later(cancel, 300);
            const auto [what, ms] = outcome_of(o);
            QVERIFY2(what == "cancelled" && ms < 3000, qPrintable(what + " after " + QString::number(ms) + " ms"));
        }
        hub.faults.api_fail_503 = 0;
        hub.faults.fail_503 = 1000;
        cancel = false;
        {
            CancelLater later(cancel, 500);
            const auto [what, ms] = outcome_of(o);
            QVERIFY2(what == "cancelled" && ms < 3000, qPrintable(what + " after " + QString::number(ms) + " ms"));
        }
        hub.faults.fail_503 = 0;
    }

    // And while the files already in the folder are hashed again before fetching (a
    // resumed 170 GB download spends minutes there).
    void cancel_stops_the_check_of_files_in_place() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("cancel-check"));
        DownloadOptions o = curl.options(hub, out.dir);
        download_repo(o);
        std::atomic<bool> cancel{false};
        o.cancel = &cancel;
        o.progress = [&](const DownloadProgress& p) {
            if (p.checking) cancel = true;
        };
        QCOMPARE(outcome_of(o).first, QString("cancelled"));
    }

    // SIGTERM and Ctrl-C end peng-cli download while it waits out a busy listing.
    void signals_stop_the_cli_while_listing() {
        FakeHub hub(kModel);
        Fresh out(curl.folder("signal"));
        hub.faults.api_fail_503 = 1000;
        for (const int signal : {SIGTERM, SIGINT}) {
            QProcess p;
            p.start(PENG_CLI_PATH, {"download", FakeHub::kRepo, "--out", QString::fromStdString(out.dir.string()),
                                    "--endpoint", QString::fromStdString(hub.endpoint())});
            QVERIFY(p.waitForStarted());
            for (int i = 0; i < 250 && hub.faults.revisions == 0; ++i) QTest::qWait(20);
            QTest::qWait(300);
            ::kill(pid_t(p.processId()), signal);
            const bool ended = p.waitForFinished(5000);
            if (!ended) p.kill(), p.waitForFinished();
            QVERIFY2(ended, "peng-cli download ignored the signal");
            QCOMPARE(p.exitCode(), 130);
            hub.faults.revisions = 0;
        }
    }

    // A repository's own SHA256SUMS (every make-model folder has one) arrives byte for
    // byte; Peng's manifest goes to .peng-download/, where verify finds it.
    void a_repository_sha256sums_arrives_unchanged() {
        FakeHub hub(kModel);
        const std::string own = read_all(fs::path(kModel) / kChecksumFile);
        hub.add_file(kChecksumFile, own);
        Fresh out(curl.folder("own-sums"));
        download_repo(curl.options(hub, out.dir));
        QCOMPARE(read_all(out.dir / kChecksumFile), own);
        const std::string manifest = read_all(out.dir / ".peng-download" / kChecksumFile);
        QVERIFY2(manifest.find("  SHA256SUMS\n") != std::string::npos && manifest.find("  config.json\n") != std::string::npos,
                 manifest.c_str());
        QVERIFY(hub.first_difference(out.dir).empty());
        const Result verify = cli({"verify", QString::fromStdString(out.dir.string())});
        QVERIFY2(verify.exit_code == 0, qPrintable(verify.out + verify.err));
    }

    // A small file whose size differs from the listing's is named with both sizes, and
    // the progress never counts more bytes than the listing holds.
    void wrong_sizes_are_named() {
        FakeHub hub(kModel);
        const uint64_t size = fs::file_size(fs::path(kModel) / "config.json");
        Fresh out(curl.folder("sizes"));
        DownloadOptions o = curl.options(hub, out.dir);
        o.includes = {"config.json"};
        o.attempts = 2;
        uint64_t most_over = 0;
        o.progress = [&](const DownloadProgress& p) {
            if (p.done_bytes > p.total_bytes) most_over = std::max(most_over, p.done_bytes - p.total_bytes);
        };
        hub.listed_size["config.json"] = size - 100;   // the server sends more than listed
        QString error = error_of(o);
        QVERIFY2(error.contains("config.json: the server sends more than the " + QString::number(size - 100) +
                                " bytes the repository lists"),
                 qPrintable(error));
        QCOMPARE(most_over, uint64_t(0));
        hub.listed_size["config.json"] = size + 100;   // the server sends fewer
        error = error_of(o);
        QVERIFY2(error.contains("config.json: the server keeps ending the file early (at " + QString::number(size) +
                                " of the " + QString::number(size + 100) + " bytes"),
                 qPrintable(error));
        QVERIFY(!error.contains("(got )"));
    }

    // The CLI's time left stays sane when a server sends more bytes than listed.
    void the_time_left_never_wraps() {
        FakeHub hub(kModel);
        hub.listed_size["model_pp0_ep0_shard0.safetensors"] = 1000;
        hub.faults.slow_ms = 30;
        Fresh out(curl.folder("eta"));
        const Result r = cli({"download", FakeHub::kRepo, "--out", QString::fromStdString(out.dir.string()), "--endpoint",
                              QString::fromStdString(hub.endpoint()), "--include", "model_pp0_ep0_shard0.safetensors"});
        QVERIFY2(r.exit_code == 1 && r.err.contains("sends more than the 1000 bytes"), qPrintable(r.err));
        static const QRegularExpression left(R"(([0-9]+) s left)");
        for (auto it = left.globalMatch(r.err); it.hasNext();) {
            const qulonglong seconds = it.next().captured(1).toULongLong();
            QVERIFY2(seconds < 1000000, qPrintable(r.err));
        }
    }

    // Without --out the model goes to ~/models/<name> (api/model_folders.h), where `list`
    // shows it as a verified download and every command finds it by its repository name.
    void a_download_without_out_is_found_by_its_name() {
        FakeHub hub(kModel);
        QTemporaryDir home;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home.path());
        const auto run = [&](const QStringList& args) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.setWorkingDirectory(home.path());
            p.start(PENG_CLI_PATH, args);
            p.waitForFinished(120000);
            return Result{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                          QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
        };
        const Result download = run({"download", FakeHub::kRepo, "--endpoint", QString::fromStdString(hub.endpoint())});
        QVERIFY2(download.exit_code == 0, qPrintable(download.err));
        const QString folder = home.path() + "/models/Tiny";
        QVERIFY2(download.out.contains(folder), qPrintable(download.out));
        QVERIFY(compare_with_model(folder.toStdString()).isEmpty());
        const Result list = run({"list"});
        QVERIFY2(list.exit_code == 0 && list.out.contains(QString(FakeHub::kRepo)) && list.out.contains("verified") &&
                     list.out.contains(folder),
                 qPrintable(list.out + list.err));
        const Result inspect = run({"inspect", FakeHub::kRepo});
        QVERIFY2(inspect.exit_code == 0, qPrintable(inspect.err));
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

    void answers_that_cannot_be_right_are_not_retried() { curl.answers_that_cannot_be_right_are_not_retried(); }

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
