// peng-cli bench prefill on the tiny fixture: the JSON report has its fields, its
// figures agree with each other and with the model's shapes (FLOPs, bytes, experts),
// bad options are refused with a clear error; and the FMA probe behind its compute
// ratios gives a positive, finite rate on every kernel path this CPU has. No timing
// is asserted: timings belong to the bench, not to tests.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_process.h"
#include "kernels/fma_peak.h"
#include "util/error.h"

namespace {

const QString kFixture = QString(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

nlohmann::json fixture_config() {
    return nlohmann::json::parse(std::ifstream((kFixture + "/config.json").toStdString()));
}

// A small memory probe keeps each run short (the tiny model fits in the caches anyway).
const QStringList kQuick = {"--threads", "2", "--memory-probe-mib", "64"};

// The JSON line of a successful run.
nlohmann::json report(const QStringList& extra) {
    const Result r = cli(QStringList{"bench", "prefill", kFixture, "--json"} + kQuick + extra);
    if (r.exit_code != 0) qWarning("%s", qPrintable(r.err));
    if (r.exit_code != 0) return nullptr;
    return nlohmann::json::parse(r.out.trimmed().split('\n').last().toStdString());
}

uint64_t u64(const nlohmann::json& j) { return j.get<uint64_t>(); }
double num(const nlohmann::json& j) { return j.get<double>(); }

}  // namespace

class TestBenchPrefill : public QObject {
    Q_OBJECT

private slots:
    // Few slots, so experts stream; prefetch off, so every byte read is a demand miss.
    void figures_agree_with_the_model() {
        const nlohmann::json config = fixture_config();
        const int prompt = 40, top_k = config["num_experts_per_tok"].get<int>();
        const nlohmann::json j = report({"--prompt-tokens", "40", "--prefill-block", "16", "--cap", "2", "--prefetch", "off"});
        QVERIFY(!j.is_null());
        QCOMPARE(j["prompt_tokens"].get<int>(), prompt);
        QCOMPARE(j["generated_tokens"].get<int>(), 1);
        QCOMPARE(j["prefix_reused_tokens"].get<int>(), 0);
        QVERIFY(num(j["ttft_s"]) > 0);

        const nlohmann::json& e = j["experts"];
        const uint64_t expert_bytes = u64(e["expert_bytes"]);
        QVERIFY(expert_bytes > 0);
        uint64_t distinct = 0;
        int moe_layers = 0;
        for (int l = 0; l < config["num_hidden_layers"].get<int>(); ++l) moe_layers += config["moe_layer_freq"][l].get<int>() != 0;
        QCOMPARE(int(e["distinct_per_layer"].size()), moe_layers);
        for (const auto& layer : e["distinct_per_layer"]) {
            QVERIFY(u64(layer["distinct"]) >= uint64_t(top_k));
            QVERIFY(u64(layer["distinct"]) <= config["n_routed_experts"].get<uint64_t>());
            distinct += u64(layer["distinct"]);
        }
        QCOMPARE(u64(e["distinct"]), distinct);
        QCOMPARE(u64(e["distinct_bytes"]), distinct * expert_bytes);
        QCOMPARE(u64(e["chunk_bytes"]), u64(e["chunk_loads"]) * expert_bytes);
        // Every distinct expert is in some chunk; a chunk names each of its experts once.
        QVERIFY(u64(e["chunk_loads"]) >= distinct);
        QCOMPARE(u64(e["uses"]), uint64_t(prompt) * top_k * moe_layers);
        QVERIFY(u64(e["chunk_loads"]) <= u64(e["uses"]));
        // Two slots a layer cannot hold a chunk's experts: they stream, each read at most
        // once per chunk (the batch union), none read speculatively.
        const uint64_t read = u64(e["bytes_read"]);
        QVERIFY(read > 0);
        QCOMPARE(u64(e["prefetch_reads"]), uint64_t(0));
        QCOMPARE(read, u64(e["misses"]) * expert_bytes);
        QVERIFY(read <= u64(e["chunk_bytes"]));
        QCOMPARE(num(e["read_ratio"]), double(read) / double(distinct * expert_bytes));
        QCOMPARE(num(e["chunk_read_ratio"]), double(read) / double(u64(e["chunk_bytes"])));
        // One lookup per expert a chunk names.
        QCOMPARE(u64(e["hits"]) + u64(e["misses"]), u64(e["chunk_loads"]));
        QVERIFY(num(e["hit_rate"]) >= 0 && num(e["hit_rate"]) <= 1);

        // FLOPs from the shapes: each routed use runs gate, up and down; the dense bucket
        // is the routers on every row, the dense MLP layers and one lm_head row.
        const uint64_t H = config["hidden_size"].get<uint64_t>(), MI = config["moe_intermediate_size"].get<uint64_t>(),
                       I = config["intermediate_size"].get<uint64_t>(), V = config["vocab_size"].get<uint64_t>(),
                       E = config["n_routed_experts"].get<uint64_t>();
        const nlohmann::json& c = j["compute"];
        QCOMPARE(u64(c["expert"]["flops"]), u64(e["uses"]) * 2 * 3 * H * MI);
        const uint64_t dense_layers = config["num_hidden_layers"].get<uint64_t>() - moe_layers;
        QCOMPARE(u64(c["dense"]["flops"]), 2 * prompt * (moe_layers * E * H + dense_layers * 3 * H * I) + 2 * V * H);
        QVERIFY(u64(c["attention"]["flops"]) > 0);

        const double peak = num(c["fma_peak_GFLOPs"]);
        QVERIFY(std::isfinite(peak) && peak > 0);
        QVERIFY(std::fabs(num(c["fma_peak_per_thread_GFLOPs"]) * j["threads"].get<int>() - peak) <= 1e-9 * peak);
        for (const char* bucket : {"expert", "attention", "dense"}) {
            const nlohmann::json& b = c[bucket];
            QVERIFY(num(b["GFLOPs"]) >= 0 && std::isfinite(num(b["GFLOPs"])));
            QCOMPARE(num(b["peak_ratio"]), num(b["GFLOPs"]) / peak);
        }
        QVERIFY(num(c["peak_bound_share"]) >= 0);
        QCOMPARE(num(e["rows_per_chunk_load"]), double(u64(e["uses"])) / double(u64(e["chunk_loads"])));
        QVERIFY(num(c["memory_GBps"]) > 0);
        QCOMPARE(num(c["expert_weight_GBps"]),
                 double(u64(e["chunk_bytes"])) / 1e9 / num(c["expert"]["seconds"]));
        QCOMPARE(num(c["expert_memory_ratio"]), num(c["expert_weight_GBps"]) / num(c["memory_GBps"]));
        QVERIFY(num(j["cpu_share"]) > 0);

        const nlohmann::json& p = j["profile"];
        const double parts = num(p["disk_wait_s"]) + num(p["expert_matmul_s"]) + num(p["attention_s"]) +
                             num(p["dense_s"]) + num(p["other_s"]);
        QVERIFY(num(p["other_s"]) >= 0);
        QVERIFY(parts >= num(p["wall_s"]) - 1e-9);
        QVERIFY(num(j["ttft_s"]) <= num(p["wall_s"]) + 1e-9);

        const nlohmann::json& d = j["disk"];
        QVERIFY(num(d["GBps"]) > 0);
        QCOMPARE(num(d["read_bound_s"]), double(read) / (num(d["GBps"]) * 1e9));
        QVERIFY(num(d["read_bound_share"]) >= 0 && num(d["busy_ratio"]) >= 0);
    }

    // Prefetch on (the default with fewer slots than experts): its reads are the only
    // bytes beyond one read per chunk.
    void speculative_reads_are_the_only_extra_bytes() {
        const nlohmann::json j = report({"--prompt-tokens", "24", "--prefill-block", "8", "--cap", "2", "--prefetch", "on"});
        QVERIFY(!j.is_null());
        const nlohmann::json& e = j["experts"];
        QVERIFY(e["prefetch"].get<bool>());
        QVERIFY(u64(e["bytes_read"]) <= (u64(e["chunk_loads"]) + u64(e["prefetch_reads"])) * u64(e["expert_bytes"]));
    }

    void the_summary_says_where_the_time_went() {
        const Result r = cli(QStringList{"bench", "prefill", kFixture, "--prompt-tokens", "8"} + kQuick);
        QCOMPARE(r.exit_code, 0);
        for (const char* line : {"time to first token", "where the time went", "expert matmul", "distinct",
                                 "FMA peak", "GB/s"})
            QVERIFY2(r.out.contains(line), line);
    }

    void bad_options_are_refused() {
        struct Case {
            QStringList args;
            QString says;
        };
        const Case cases[] = {
            {{"--prompt-tokens", "0"}, "--prompt-tokens"},
            {{"--prompt-tokens", "-5"}, "--prompt-tokens"},
            {{"--prompt-tokens", "many"}, "--prompt-tokens"},
            {{"--prompt-tokens", "100", "--context", "64"}, "context"},
            {{"--threads", "0"}, "--threads"},
            {{"--prefill-block", "0"}, "--prefill-block"},
            {{"--memory-probe-mib", "1"}, "--memory-probe-mib"},
            {{"--kv-store", "/tmp"}, "kv-store"},
        };
        for (const Case& c : cases) {
            const Result r = cli(QStringList{"bench", "prefill", kFixture} + c.args);
            QVERIFY2(r.exit_code != 0 && r.exit_code != -1, qPrintable(c.args.join(' ')));
            QVERIFY2(r.err.contains(c.says), qPrintable(c.args.join(' ') + ": " + r.err));
        }
        const Result missing = cli({"bench", "prefill"});
        QVERIFY(missing.exit_code > 0 && missing.err.contains("usage"));
        const Result nowhere = cli({"bench", "prefill", kFixture + "/no-such-model"});
        QVERIFY(nowhere.exit_code > 0 && nowhere.err.contains("no-such-model"));
    }

    void fma_probe_gives_a_rate() {
        for (peng::KernelIsa isa : {peng::KernelIsa::Scalar, peng::KernelIsa::Avx2, peng::KernelIsa::Avx512}) {
            if (!peng::isa_supported(isa)) continue;
            const peng::FmaPeak peak = peng::measure_fma_peak(isa, 2, 0.01);
            QVERIFY2(std::isfinite(peak.GFLOPs) && peak.GFLOPs > 0, peng::isa_name(isa));
            QCOMPARE(peak.threads, 2);
            QCOMPARE(peak.per_thread_GFLOPs, peak.GFLOPs / 2);
        }
        QVERIFY_THROWS_EXCEPTION(peng::Error, peng::measure_fma_peak(peng::KernelIsa::Scalar, 0, 0.01));
    }
};

QTEST_GUILESS_MAIN(TestBenchPrefill)
#include "test_bench_prefill.moc"
