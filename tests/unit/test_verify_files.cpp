// Model files carry their SHA-256 (issue 19, case 12): make-model, pack and unpack
// record SHA256SUMS; `peng-cli verify DIR` re-checks it and names any file whose
// bytes changed, went missing or cannot be read; a hostile manifest cannot point
// outside the folder. The digests agree with coreutils' sha256sum.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "io/checksum_manifest.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const fs::path kModel = fs::path(PENG_FIXTURE_DIR) / "tiny-mxfp4";

std::vector<FileChecksum> read_manifest(const fs::path& dir) {
    std::ifstream in(dir / kChecksumFile);
    return parse_checksums(std::string(std::istreambuf_iterator<char>(in), {}), (dir / kChecksumFile).string());
}

QString q(const fs::path& path) { return QString::fromStdString(path.string()); }

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void flip_byte(const fs::path& path, uint64_t offset) {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(offset));
    const char c = char(f.get() ^ 0x01);
    f.seekp(std::streamoff(offset));
    f.put(c);
}

}  // namespace

class TestVerifyFiles : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    fs::path copy_of_model(const std::string& name) {
        const fs::path dir = fs::path(tmp_.path().toStdString()) / name;
        fs::copy(kModel, dir, fs::copy_options::recursive);
        return dir;
    }

private slots:
    void digests_are_sha256() {
        const fs::path dir = tmp_.path().toStdString();
        write(dir / "abc", "abc");
        write(dir / "empty", "");
        QCOMPARE(sha256_of_file((dir / "abc").string()),
                 std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(sha256_of_file((dir / "empty").string()),
                 std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }

    void generated_models_carry_a_record_sha256sum_accepts() {
        QVERIFY(fs::exists(kModel / kChecksumFile));
        const auto listed = read_manifest(kModel);
        int files = 0;
        for (const auto& entry : fs::directory_iterator(kModel)) files += entry.path().filename() != kChecksumFile;
        QCOMPARE(int(listed.size()), files);
        QProcess sha256sum;  // an independent implementation of the same digest and format
        sha256sum.setWorkingDirectory(q(kModel));
        sha256sum.start("sha256sum", {"--check", "--quiet", kChecksumFile});
        QVERIFY(sha256sum.waitForFinished(60000));
        QVERIFY2(sha256sum.exitCode() == 0, sha256sum.readAllStandardOutput().constData());
    }

    void verify_names_every_changed_missing_file() {
        const fs::path dir = copy_of_model("changed");
        Result ok = cli({"verify", q(dir)});
        QCOMPARE(ok.exit_code, 0);
        QVERIFY(ok.out.contains("as recorded"));

        const std::string shard = "model_pp0_ep2_shard0.safetensors";
        flip_byte(dir / shard, fs::file_size(dir / shard) / 2);
        fs::remove(dir / "generation_config.json");
        Result bad = cli({"verify", q(dir)});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains(QString::fromStdString(shard)), qPrintable(bad.err));
        QVERIFY2(bad.err.contains("generation_config.json"), qPrintable(bad.err));
        QVERIFY(bad.err.contains("2 files"));

        Result json = cli({"verify", q(dir), "--json"});
        QCOMPARE(json.exit_code, 1);
        const auto report = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(report["all_same"].get<bool>(), false);
        std::map<std::string, std::string> status;
        for (const auto& f : report["files"]) status[f["name"]] = f["status"];
        QCOMPARE(status[shard], std::string("changed"));
        QCOMPARE(status["generation_config.json"], std::string("missing"));
        QCOMPARE(status["config.json"], std::string("same"));
    }

    void a_folder_without_a_record_says_how_to_make_one() {
        const fs::path dir = copy_of_model("unrecorded");
        fs::remove(dir / kChecksumFile);
        Result none = cli({"verify", q(dir)});
        QCOMPARE(none.exit_code, 1);
        QVERIFY2(none.err.contains("has no SHA256SUMS") && none.err.contains("--record"), qPrintable(none.err));
        write(dir / "config.json.k3x9q0ab.tmp", "a save in progress");  // not part of the model
        QCOMPARE(cli({"verify", q(dir), "--record"}).exit_code, 0);
        for (const auto& f : read_manifest(dir)) QVERIFY(f.name != "config.json.k3x9q0ab.tmp");
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);
    }

    void packed_and_unpacked_folders_carry_their_own_record() {
        const fs::path packed = fs::path(tmp_.path().toStdString()) / "packed";
        const fs::path unpacked = fs::path(tmp_.path().toStdString()) / "unpacked";
        QCOMPARE(cli({"pack", q(kModel), "--out", q(packed)}).exit_code, 0);
        QCOMPARE(cli({"verify", q(packed)}).exit_code, 0);
        QCOMPARE(cli({"unpack", q(packed), "--out", q(unpacked)}).exit_code, 0);
        QCOMPARE(cli({"verify", q(unpacked)}).exit_code, 0);
        // The unpacked shards are the source's bytes, so the two records agree on them.
        auto digests = [](const fs::path& dir) {
            std::map<std::string, std::string> by_name;
            for (const auto& f : read_manifest(dir)) by_name[f.name] = f.sha256;
            return by_name;
        };
        const auto source = digests(kModel), restored = digests(unpacked);
        QCOMPARE(restored.at("model_pp0_ep0_shard0.safetensors"), source.at("model_pp0_ep0_shard0.safetensors"));
    }

    // --record lists only what is inside the folder, each folder once: a link to the
    // parent, to the folder itself, to a folder outside and a link that loops are not
    // followed, a link to a folder inside is listed once; a link to a file is recorded
    // under its own name (a Hugging Face cache's snapshot is links into its blobs).
    void record_stays_inside_the_folder() {
        const fs::path dir = copy_of_model("links");
        const fs::path outside = fs::path(tmp_.path().toStdString()) / "outside";
        fs::create_directories(outside);
        write(outside / "secret.txt", "not the model's");
        fs::create_directories(dir / "sub");
        write(dir / "sub" / "inner.txt", "inner");
        fs::create_directory_symlink("..", dir / "up");
        fs::create_directory_symlink(".", dir / "self");
        fs::create_directory_symlink(outside, dir / "away");
        fs::create_directory_symlink("sub", dir / "sub-again");
        fs::create_symlink("loop", dir / "loop");
        fs::create_symlink(outside / "secret.txt", dir / "linked.txt");
        fs::create_directories(dir / ".peng-download" / "partial");
        write(dir / ".peng-download" / "partial" / "x.part", "half a file");
        fs::remove(dir / kChecksumFile);
        const Result recorded = cli({"verify", q(dir), "--record"});
        QVERIFY2(recorded.exit_code == 0, qPrintable(recorded.err));
        static const QRegularExpression percent(R"(([0-9]+)%)");
        for (auto it = percent.globalMatch(recorded.err); it.hasNext();)
            QVERIFY2(it.next().captured(1).toInt() <= 100, qPrintable(recorded.err));
        std::set<std::string> names;
        for (const auto& f : read_manifest(dir)) names.insert(f.name);
        int model_files = 0;
        for (const auto& entry : fs::directory_iterator(kModel)) model_files += entry.path().filename() != kChecksumFile;
        QCOMPARE(int(names.size()), model_files + 2);   // and linked.txt, one of sub/inner.txt or sub-again/inner.txt
        QVERIFY(names.count("linked.txt") == 1 && names.count("config.json") == 1);
        QVERIFY(names.count("sub/inner.txt") + names.count("sub-again/inner.txt") == 1);
        for (const std::string& name : names)
            QVERIFY2(name.rfind("up/", 0) != 0 && name.rfind("self/", 0) != 0 && name.rfind("away/", 0) != 0 &&
                         name.rfind(".peng-download/", 0) != 0,
                     name.c_str());
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);
    }

    // A downloaded folder's manifest is .peng-download/SHA256SUMS, the repository's own
    // SHA256SUMS one of its files; verify and --record use it, and a folder downloaded
    // before (its manifest beside the files) still verifies.
    void a_download_manifest_is_found_and_kept_apart() {
        const fs::path dir = copy_of_model("downloaded");
        const std::string own = read_all(dir / kChecksumFile);
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);   // the older layout
        fs::create_directories(dir / ".peng-download");
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);   // an older download: no manifest in its state folder
        std::string listing = own;
        listing += sha256_of_file((dir / kChecksumFile).string()) + "  " + kChecksumFile + "\n";
        write(dir / ".peng-download" / kChecksumFile, listing);
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);
        write(dir / kChecksumFile, own + "\n");   // the repository's file changed: verify names it
        const Result changed = cli({"verify", q(dir), "--json"});
        QCOMPARE(changed.exit_code, 1);
        const nlohmann::json report = nlohmann::json::parse(changed.out.toStdString());   // kept: the loop reads into it
        for (const auto& f : report["files"])
            QCOMPARE(f["status"].get<std::string>(), std::string(f["name"] == kChecksumFile ? "changed" : "same"));
        write(dir / kChecksumFile, own);
        const Result recorded = cli({"verify", q(dir), "--record"});
        QVERIFY2(recorded.exit_code == 0 && recorded.out.contains(".peng-download"), qPrintable(recorded.out));
        QCOMPARE(read_all(dir / kChecksumFile), own);   // --record leaves the repository's file alone
        QCOMPARE(cli({"verify", q(dir)}).exit_code, 0);
    }

    void hostile_manifests_are_refused_with_the_line() {
        const std::string good(64, 'a');
        const std::pair<std::string, std::string> cases[] = {
            {good + "  ../../etc/passwd\n", "outside the folder"},
            {good + "  /etc/passwd\n", "outside the folder"},
            {good + "  a/../../b\n", "outside the folder"},
            {std::string(63, 'a') + "  short\n", "line 1"},
            {std::string(64, 'g') + "  x\n", "not 64 hex digits"},
            {"config.json\n", "line 1"},
            {"\n\n", "lists no files"},
        };
        for (const auto& [text, expected] : cases) {
            try {
                parse_checksums(text, "SHA256SUMS");
                QFAIL(("accepted: " + text).c_str());
            } catch (const Error& e) {
                QVERIFY2(std::string(e.what()).find(expected) != std::string::npos, e.what());
            }
        }
        // Both of sha256sum's modes, and upper-case digests, are read.
        QCOMPARE(parse_checksums(std::string(64, 'A') + " *bin\n" + good + "  text\r\n", "x").size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestVerifyFiles)
#include "test_verify_files.moc"
