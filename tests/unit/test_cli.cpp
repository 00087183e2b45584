// peng-cli end to end on the generated fixtures: inspect reports every tensor for each
// preset and format, and broken checkpoints give a non-zero exit with a message that
// names the file and the tensor or field.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_process.h"

using namespace std::string_literals;
namespace fs = std::filesystem;

namespace {

const QString kFixtures = PENG_FIXTURE_DIR;

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    QString copy(const QString& fixture, const QString& as) {
        const QString to = tmp_.path() + "/" + as;
        fs::copy((kFixtures + "/" + fixture).toStdString(), to.toStdString(), fs::copy_options::recursive);
        return to;
    }

private slots:
    void inspect_reports_every_tensor_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("kv_heads");
        QTest::newRow("tiny mxfp4") << "tiny-mxfp4" << "mxfp4" << 4;
        QTest::newRow("tiny fp8") << "tiny-fp8" << "fp8" << 4;
        QTest::newRow("pro-tiny") << "pro-tiny" << "mxfp4" << 8;
    }
    void inspect_reports_every_tensor() {
        QFETCH(QString, fixture);
        QFETCH(QString, format);
        QFETCH(int, kv_heads);
        Result text = cli({"inspect", kFixtures + "/" + fixture});
        QVERIFY2(text.exit_code == 0, qPrintable(text.err + text.out));
        QVERIFY(text.out.contains("every expected tensor is present"));
        Result r = cli({"inspect", kFixtures + "/" + fixture, "--json"});
        QCOMPARE(r.exit_code, 0);
        auto j = nlohmann::json::parse(r.out.toStdString());
        QVERIFY(j["ok"].get<bool>());
        QCOMPARE(QString::fromStdString(j["expert_format"].get<std::string>()), format);
        QCOMPARE(j["missing"].size(), size_t(0));
        QCOMPARE(j["mismatched"].size(), size_t(0));
        QCOMPARE(j["unexpected"].size(), size_t(0));
        QVERIFY(j["ignored"].get<int>() > 0);  // the MTP layer is present and deliberately unused
        QCOMPARE(j["qkv_chunks"].get<int>(), kv_heads);
        QVERIFY(j["dense_bytes"].get<uint64_t>() > 0);
        QCOMPARE(j["total_expert_bytes"].get<uint64_t>(),
                 j["expert_bytes"].get<uint64_t>() * j["moe_layers"].get<uint64_t>() * j["routed_experts"].get<uint64_t>());
        if (format == "mxfp4") QVERIFY(j["experts_contiguous"].get<bool>());
    }
    void missing_tensor_is_reported() {
        const QString dir = copy("tiny-mxfp4", "missing");
        // Drop one tensor from the index: the shard still holds it, the checkpoint does not.
        const std::string index_path = (dir + "/model.safetensors.index.json").toStdString();
        auto index = nlohmann::json::parse(std::ifstream(index_path));
        index["weight_map"].erase("model.layers.1.self_attn.o_proj.weight");
        std::ofstream(index_path) << index.dump();
        Result r = cli({"inspect", dir});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.out.contains("missing: model.layers.1.self_attn.o_proj.weight"), qPrintable(r.out));
        Result run = cli({"logits", dir, "--tokens", "1,2", "--out", tmp_.path() + "/x.bin"});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("model.layers.1.self_attn.o_proj.weight"), qPrintable(run.err));
    }
    void truncated_shard_is_reported() {
        const QString dir = copy("tiny-mxfp4", "truncated");
        const auto shard = (dir + "/model_pp0_ep1_shard0.safetensors").toStdString();
        fs::resize_file(shard, fs::file_size(shard) - 100);
        Result r = cli({"inspect", dir});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("model_pp0_ep1_shard0.safetensors") && r.err.contains("tensor '"), qPrintable(r.err));
    }
    void config_missing_field_is_reported() {
        const QString dir = copy("tiny-mxfp4", "noconfig");
        const std::string path = (dir + "/config.json").toStdString();
        auto config = nlohmann::json::parse(std::ifstream(path));
        config.erase("n_routed_experts");
        std::ofstream(path) << config.dump();
        Result r = cli({"inspect", dir});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("config.json") && r.err.contains("n_routed_experts"), qPrintable(r.err));
    }
    void logits_file_has_positions_times_vocab() {
        const QString out = tmp_.path() + "/logits.bin";
        Result r = cli({"logits", kFixtures + "/tiny-mxfp4", "--tokens", "1,2,3,4,5", "--out", out});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        auto config = nlohmann::json::parse(std::ifstream((kFixtures + "/tiny-mxfp4/config.json").toStdString()));
        QCOMPARE(qint64(fs::file_size(out.toStdString())), qint64(5 * 4 * config["vocab_size"].get<int>()));
    }
    void run_json_reports_measurements() {
        Result r = cli({"run", kFixtures + "/tiny-mxfp4", "--tokens", "1,2,3", "--ngen", "8", "--temp", "0", "--json"});
        QVERIFY2(r.exit_code == 0, qPrintable(r.err));
        auto j = nlohmann::json::parse(r.out.trimmed().split('\n').last().toStdString());
        for (const char* key : {"tokens_per_s", "ttft_s", "generated_tokens", "prompt_tokens", "prefix_reused_tokens",
                                "hit_rate", "decode_disk_bytes", "rss_peak_bytes"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["prompt_tokens"].get<int>(), 3);
        QVERIFY(j["generated_tokens"].get<int>() >= 1);
        QVERIFY(j["rss_peak_bytes"].get<uint64_t>() > 0);
    }
    // The CLI contract of the KV store: a second process restores the conversation's
    // prefix from disk and answers exactly as a run that stores nothing.
    void run_messages_reuses_the_kv_store() {
        const QString messages = tmp_.path() + "/messages.json";
        nlohmann::json m = nlohmann::json::array();
        m.push_back({{"role", "system"}, {"content", "You answer in one word."}});
        m.push_back({{"role", "user"}, {"content", "Name a colour that rivers and stones and light share at dawn."}});
        m.push_back({{"role", "assistant"}, {"content", "Grey."}});
        m.push_back({{"role", "user"}, {"content", "And at night?"}});
        std::ofstream(messages.toStdString()) << m.dump();
        const QString store = tmp_.path() + "/kv";
        auto run = [&](const QString& kv) {
            Result r = cli({"run", kFixtures + "/pro-tiny", "--messages", messages, "--ngen", "6", "--temp", "0.8",
                            "--seed", "3", "--kv-store", kv, "--json"});
            if (r.exit_code != 0) qWarning("%s", qPrintable(r.err));
            return nlohmann::json::parse(r.out.trimmed().split('\n').last().toStdString());
        };
        const auto cold = run("none"), first = run(store), second = run(store);
        QCOMPARE(cold["prefix_reused_tokens"].get<int>(), 0);
        QCOMPARE(first["prefix_reused_tokens"].get<int>(), 0);
        QCOMPARE(second["prefix_source"].get<std::string>(), std::string("disk"));
        QCOMPARE(second["prefix_reused_tokens"].get<int>(), second["prompt_tokens"].get<int>() - 1);
        QVERIFY(cold["tokens"] == first["tokens"]);
        QVERIFY(cold["tokens"] == second["tokens"]);

        std::ofstream(messages.toStdString()) << "[{\"content\": \"no role\"}]";
        Result bad = cli({"run", kFixtures + "/pro-tiny", "--messages", messages, "--kv-store", "none"});
        QCOMPARE(bad.exit_code, 1);
        QVERIFY2(bad.err.contains("messages.json") && bad.err.contains("role"), qPrintable(bad.err));
    }
    void bad_arguments_fail_cleanly() {
        QCOMPARE(cli({"inspect"}).exit_code, 1);
        QCOMPARE(cli({"no-such-command"}).exit_code, 2);
        QCOMPARE(cli({"logits", kFixtures + "/tiny-mxfp4", "--tokens", "1,x", "--out", "/dev/null"}).exit_code, 1);
        QCOMPARE(cli({"inspect", tmp_.path() + "/does-not-exist"}).exit_code, 1);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
