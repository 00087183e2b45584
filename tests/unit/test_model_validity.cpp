// Hostile or broken models and prompts (issue 19, cases 6, 7 and 11), through the engine
// API and peng-cli: a model without MoE layers runs whatever the cap and prefetch, a
// config that leaves checkpoint tensors unused is refused, NaN/Inf weights end in an
// error naming the tensor (dense, at load) or the layer (streamed experts), and a
// prompt longer than the context is refused before any work, in every front end.
#include <QtTest>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "api/engine.h"
#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "quant/finite_scan.h"
#include "quant/formats.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const QString kFixtures = PENG_FIXTURE_DIR;

struct CliResult {
    int exit_code = -1;
    QString out, err;
};

CliResult cli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(PENG_CLI_PATH, args);
    if (!input.isNull()) {
        p.write(input);
        p.closeWriteChannel();
    }
    if (!p.waitForFinished(120000)) p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

LoadOptions options(const std::string& dir) {
    LoadOptions o;
    o.model_dir = dir;
    o.history = "none";
    o.kv_store = "none";
    o.ram_budget_bytes = 4ULL << 30;
    return o;
}

RunSettings settings(int tokens, double temperature, PrefetchMode prefetch) {
    RunSettings s;
    s.max_new_tokens = tokens;
    s.sampling.temperature = temperature;
    s.sampling.top_p = 0.95;
    s.sampling.seed = 11;
    s.prefetch = prefetch;
    s.repin = false;
    return s;
}

std::vector<int> prompt_of(int length, int vocab) {
    std::vector<int> ids(size_t(length), 0);
    for (int i = 0; i < length; ++i) ids[size_t(i)] = (i * 37 + 5) % vocab;
    return ids;
}

QString error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

void edit_config(const std::string& dir, const std::function<void(nlohmann::json&)>& edit) {
    const std::string path = dir + "/config.json";
    nlohmann::json config = nlohmann::json::parse(std::ifstream(path));
    edit(config);
    std::ofstream(path) << config.dump(2);
}

// Overwrites `bytes` at element `element` of a tensor, in whichever shard holds it.
void patch_tensor(const std::string& dir, const std::string& name, uint64_t element, const std::string& bytes) {
    const Checkpoint ckpt(dir);
    const TensorRef ref = ckpt.find(name);
    const uint64_t at = ref.info->offset + element * dtype_size(ref.info->dtype);
    QVERIFY(at + bytes.size() <= ref.info->offset + ref.info->bytes);
    std::fstream f(ref.file->path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(std::streamoff(at));
    f.write(bytes.data(), std::streamsize(bytes.size()));
    QVERIFY(f.good());
}

}  // namespace

class TestModelValidity : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    std::string copy(const QString& fixture, const QString& as) {
        const std::string to = (tmp_.path() + "/" + as).toStdString();
        fs::copy((kFixtures + "/" + fixture).toStdString(), to, fs::copy_options::recursive);
        return to;
    }

private slots:
    // Case 7's load check: every BF16 and FP8 code, and the F32 specials, at each place
    // in the 8-byte words the scan reads at once, among finite neighbours.
    void finite_scan_finds_every_nan_and_infinity() {
        auto place = [](const void* code, size_t size, size_t at, size_t count) {
            std::vector<uint8_t> bytes(count * size, 0x3C);  // finite in every dtype
            std::memcpy(bytes.data() + at * size, code, size);
            return bytes;
        };
        for (uint32_t code = 0; code < 65536; ++code) {
            const uint16_t bits = uint16_t(code);
            const bool finite = std::isfinite(bf16_to_f32(bits));
            for (const size_t at : {size_t(0), size_t(3), size_t(2050), size_t(2052)}) {
                const auto bytes = place(&bits, 2, at, 2053);
                QCOMPARE(first_non_finite(bytes.data(), 2053, DType::BF16), finite ? kAllFinite : at);
            }
        }
        for (uint32_t code = 0; code < 256; ++code) {
            const uint8_t byte = uint8_t(code);
            const bool finite = std::isfinite(fp8_e4m3_to_f32_scalar(byte));
            for (size_t at = 0; at < 13; ++at) {
                const auto bytes = place(&byte, 1, at, 13);
                QCOMPARE(first_non_finite(bytes.data(), 13, DType::F8_E4M3), finite ? kAllFinite : at);
            }
        }
        for (const float value : {NAN, -NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e-45f, 0.0f}) {
            for (const size_t at : {size_t(0), size_t(1), size_t(4000), size_t(4096)}) {
                const auto bytes = place(&value, 4, at, 4097);
                QCOMPARE(first_non_finite(bytes.data(), 4097, DType::F32), std::isfinite(value) ? kAllFinite : at);
            }
        }
    }

    // Case 6: a model whose one layer is dense has no expert to prefetch and no MoE layer
    // for a guessed token to stop at. Every cap and prefetch setting gives the bytes of
    // the plain run (it crashed with a cap below the expert count or prefetch on).
    void dense_only_model_runs_with_any_cap_and_prefetch() {
        const QString dir = tmp_.path() + "/dense-only";
        const CliResult made = cli({"make-model", "--preset", "tiny", "--format", "mxfp4", "--layers", "1", "--out", dir});
        QVERIFY2(made.exit_code == 0, qPrintable(made.err));
        QCOMPARE(nlohmann::json::parse(std::ifstream(dir.toStdString() + "/config.json"))["moe_layer_freq"],
                 nlohmann::json::array({0}));
        const std::vector<int> prompt = prompt_of(20, 256);
        for (const double temperature : {0.0, 0.9}) {
            auto plain = Engine::open(options(dir.toStdString()));
            const Reply expected = plain->complete(prompt, "", settings(12, temperature, PrefetchMode::Off));
            QVERIFY(!expected.tokens.empty());
            for (const int cap : {-1, 0, 1, 2})
                for (const PrefetchMode prefetch : {PrefetchMode::On, PrefetchMode::Auto}) {
                    LoadOptions o = options(dir.toStdString());
                    o.expert_slots = cap;
                    auto engine = Engine::open(o);
                    const Reply r = engine->complete(prompt, "", settings(12, temperature, prefetch));
                    QVERIFY2(r.tokens == expected.tokens, qPrintable(QString("cap %1, temperature %2").arg(cap).arg(temperature)));
                    QVERIFY(!r.prefetch);
                }
        }
        for (const QStringList& knobs : {QStringList{"--cap", "2"}, QStringList{"--prefetch", "on"}}) {
            const CliResult r = cli(QStringList{"run", dir, "--prompt", "hello there", "--ngen", "6", "--kv-store", "none",
                                                "--history", "none"} + knobs);
            QVERIFY2(r.exit_code == 0, qPrintable(knobs.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains(" tokens, ") && r.err.contains("stop: "), qPrintable(r.err));
        }
    }

    // Case 6: the same folder with num_hidden_layers cut to 1 ran silently as a 1-layer
    // model. Every tensor of the layers beyond the config is counted in the refusal.
    void config_that_leaves_tensors_unused_is_refused() {
        const std::string dir = copy("tiny-mxfp4", "cut");
        edit_config(dir, [](nlohmann::json& c) {
            c["num_hidden_layers"] = 1;
            c["moe_layer_freq"] = {0};
            c["hybrid_layer_pattern"] = {c["hybrid_layer_pattern"][0]};
        });
        const auto index = nlohmann::json::parse(std::ifstream(dir + "/model.safetensors.index.json"));
        size_t beyond = 0;
        for (const auto& [name, file] : index["weight_map"].items())
            beyond += name.rfind("model.layers.", 0) == 0 && name.rfind("model.layers.0.", 0) != 0;
        QVERIFY(beyond > 100);
        const QString expected = QString("%1 of its tensors are not part of the model").arg(beyond);
        const QString e = error_of([&] { Engine::open(options(dir)); });
        QVERIFY2(e.contains(expected) && e.contains("'model.layers.") && e.contains("num_hidden_layers"), qPrintable(e));
        for (const QString& cap : {QString("2"), QString("0")}) {
            const CliResult r = cli({"run", QString::fromStdString(dir), "--prompt", "hi", "--ngen", "2", "--cap", cap,
                                     "--kv-store", "none", "--history", "none"});
            QVERIFY2(r.exit_code != 0 && r.err.contains(expected), qPrintable(r.err));
        }
    }

    // Case 6: the release's deliberate extras (the MTP layer; the shards may also carry
    // vision and audio tensors) stay accepted: the unused-tensor rule spares them.
    void release_extras_stay_accepted() {
        const std::string dir = (kFixtures + "/tiny-mxfp4").toStdString();
        const Checkpoint ckpt(dir);
        const InventoryReport report = check_inventory(ckpt, detect_expert_format(ckpt));
        QVERIFY(!report.ignored.empty());
        QVERIFY(report.ignored.front().rfind("model.mtp.", 0) == 0);
        QVERIFY(report.unexpected.empty());
        require_matching_inventory(report, dir);  // does not throw
        QVERIFY(Engine::open(options(dir)) != nullptr);
    }

    // Case 7: NaN or infinity in a resident tensor is refused when the model loads,
    // naming the tensor and its file (it made every token id 254 with exit 0).
    void non_finite_dense_weight_is_refused_at_load_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("tensor");
        QTest::addColumn<qulonglong>("element");
        QTest::addColumn<QByteArray>("bytes");
        const QByteArray bf16_nan("\xC0\x7F", 2), bf16_inf("\x80\x7F", 2), f32_nan("\x00\x00\xC0\x7F", 4);
        QTest::newRow("lm_head NaN") << "tiny-mxfp4" << "lm_head.weight" << 777ULL << bf16_nan;
        QTest::newRow("final norm Inf") << "tiny-mxfp4" << "model.norm.weight" << 3ULL << bf16_inf;
        QTest::newRow("input norm -Inf") << "tiny-fp8" << "model.layers.2.input_layernorm.weight" << 0ULL
                                         << QByteArray("\x80\xFF", 2);
        QTest::newRow("embedding NaN") << "tiny-mxfp4" << "model.embed_tokens.weight" << 1000ULL << bf16_nan;
        QTest::newRow("qkv FP8 0x7F") << "tiny-mxfp4" << "model.layers.1.self_attn.qkv_proj.weight" << 5ULL
                                      << QByteArray("\x7F", 1);
        QTest::newRow("dense MLP FP8 0xFF") << "tiny-fp8" << "model.layers.0.mlp.down_proj.weight" << 9ULL
                                            << QByteArray("\xFF", 1);
        QTest::newRow("qkv scale NaN") << "tiny-fp8" << "model.layers.3.self_attn.qkv_proj.weight_scale_inv" << 1ULL
                                       << f32_nan;
        QTest::newRow("o_proj Inf") << "pro-tiny" << "model.layers.1.self_attn.o_proj.weight" << 42ULL << bf16_inf;
        QTest::newRow("sink NaN") << "tiny-mxfp4" << "model.layers.1.self_attn.attention_sink_bias" << 0ULL << bf16_nan;
        QTest::newRow("router NaN") << "tiny-mxfp4" << "model.layers.2.mlp.gate.weight" << 64ULL << bf16_nan;
        QTest::newRow("router bias NaN") << "tiny-fp8" << "model.layers.4.mlp.gate.e_score_correction_bias" << 2ULL
                                         << f32_nan;
    }
    void non_finite_dense_weight_is_refused_at_load() {
        QFETCH(QString, fixture);
        QFETCH(QString, tensor);
        QFETCH(qulonglong, element);
        QFETCH(QByteArray, bytes);
        const std::string dir = copy(fixture, "nan-" + QString(QTest::currentDataTag()).replace(' ', '-'));
        patch_tensor(dir, tensor.toStdString(), element, bytes.toStdString());
        const std::string file = Checkpoint(dir).find(tensor.toStdString()).file->path();
        const QString e = error_of([&] { Engine::open(options(dir)); });
        QVERIFY2(e.contains("'" + tensor + "'") && e.contains(QString::fromStdString(file)) &&
                     e.contains(QString("NaN or infinite value at element %1").arg(element)),
                 qPrintable(e));
        const CliResult r = cli({"run", QString::fromStdString(dir), "--prompt", "hi", "--ngen", "2", "--kv-store",
                                 "none", "--history", "none"});
        QVERIFY2(r.exit_code != 0 && r.err.contains("'" + tensor + "'"), qPrintable(r.err + r.out));
    }

    // Case 7: streamed experts are not scanned at load; a NaN they produce ends the
    // call with an error naming the layer and the experts active, before any token is
    // sampled from garbage, with and without the prefetch's guessed tokens.
    void non_finite_expert_is_an_error_naming_the_layer_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("tensor");  // in every expert of layer 3
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("MXFP4 scale 0xFF") << "tiny-mxfp4" << "gate_proj.weight_scale" << QByteArray("\xFF", 1);
        QTest::newRow("FP8 code 0x7F") << "tiny-fp8" << "up_proj.weight" << QByteArray("\x7F", 1);
    }
    void non_finite_expert_is_an_error_naming_the_layer() {
        QFETCH(QString, fixture);
        QFETCH(QString, tensor);
        QFETCH(QByteArray, bytes);
        const std::string dir = copy(fixture, "bad-expert-" + fixture);
        const int layer = 3;
        const int experts = Checkpoint(dir).config().n_routed_experts;
        for (int e = 0; e < experts; ++e) patch_tensor(dir, expert_prefix(layer, e) + tensor.toStdString(), 0, bytes.toStdString());

        for (const PrefetchMode prefetch : {PrefetchMode::Off, PrefetchMode::On}) {
            LoadOptions o = options(dir);
            o.expert_slots = 2;
            auto engine = Engine::open(o);  // the dense part is sound: it loads
            int sampled = 0;
            struct Count : EngineObserver {
                int& n;
                explicit Count(int& n) : n(n) {}
                void on_token(int, const std::string&) override { ++n; }
            } count(sampled);
            const QString e = error_of([&] { engine->complete(prompt_of(10, 256), "", settings(6, 0.0, prefetch), &count); });
            QVERIFY2(e.contains("layer 3's routed experts (") && e.contains("active for this token") &&
                         e.contains("at position 0"),
                     qPrintable(e));
            QCOMPARE(sampled, 0);
        }
        const CliResult r = cli({"run", QString::fromStdString(dir), "--prompt", "hi", "--ngen", "4", "--kv-store",
                                 "none", "--history", "none"});
        QVERIFY2(r.exit_code != 0 && r.err.contains("layer 3's routed experts"), qPrintable(r.err + r.out));
    }

    // Case 11: a prompt the context cannot hold is refused at once with the numbers,
    // instead of a prefill whose time grows with its square; the engine stays usable.
    void prompt_beyond_the_context_is_refused() {
        const std::string dir = (kFixtures + "/tiny-mxfp4").toStdString();
        LoadOptions o = options(dir);
        o.context_tokens = 256;
        auto engine = Engine::open(o);
        QCOMPARE(engine->info().context_tokens, 256);
        for (const int length : {256, 300, 200000}) {
            QElapsedTimer clock;
            clock.start();
            try {
                engine->complete(prompt_of(length, 256), "", settings(4, 0.0, PrefetchMode::Auto));
                QFAIL("a prompt beyond the context ran");
            } catch (const ContextExceeded& e) {
                QCOMPARE(e.prompt_tokens, length);
                QCOMPARE(e.context_tokens, 256);
                const QString what = e.what();
                QVERIFY2(what.contains(QString("the prompt has %1 tokens but the context holds 256").arg(length)) &&
                             what.contains("the model allows 1048576"),
                         qPrintable(what));
            }
            QVERIFY(clock.elapsed() < 5000);  // refused before any prefill
        }
        // What fits still runs, with the answer a fresh engine gives.
        const std::vector<int> fits = prompt_of(100, 256);
        const Reply after = engine->complete(fits, "", settings(8, 0.0, PrefetchMode::Auto));
        QCOMPARE(after.tokens, Engine::open(o)->complete(fits, "", settings(8, 0.0, PrefetchMode::Auto)).tokens);
    }

    // Case 11: a 1 MB chat message through the template and the tokenizer ends in the
    // same refusal, in bounded time.
    void megabyte_chat_message_is_refused() {
        auto engine = Engine::open(options((kFixtures + "/tiny-mxfp4").toStdString()));
        ChatRequest request;
        std::string text;
        while (text.size() < (1u << 20)) text += "the river stone holds light ";
        request.messages.push_back({{"role", "user"}, {"content", text}});
        QElapsedTimer clock;
        clock.start();
        const QString e = error_of([&] { engine->chat(request, settings(4, 0.0, PrefetchMode::Auto)); });
        QVERIFY2(e.contains("but the context holds 4096"), qPrintable(e));
        QVERIFY(clock.elapsed() < 60000);
    }

    // Case 11: the answer stops where the context ends rather than growing the KV cache
    // past the memory plan; the reply says why it stopped.
    void answer_stops_at_the_context_end() {
        LoadOptions o = options((kFixtures + "/tiny-fp8").toStdString());
        o.context_tokens = 64;
        auto engine = Engine::open(o);
        RunSettings s = settings(100, 0.0, PrefetchMode::Auto);
        const Reply r = engine->complete(prompt_of(50, 256), "", s);
        QVERIFY2(r.tokens.size() <= 14, qPrintable(QString::number(r.tokens.size())));
        if (r.stop_reason != "stop_token") {
            QCOMPARE(r.stop_reason, std::string("context"));
            QCOMPARE(r.tokens.size(), size_t(14));
        }
        // Within the context the length limit is the caller's, as before.
        s.max_new_tokens = 5;
        const Reply short_answer = engine->complete(prompt_of(50, 256), "", s);
        QVERIFY(short_answer.stop_reason == "length" || short_answer.stop_reason == "stop_token");
        QCOMPARE(short_answer.tokens, std::vector<int>(r.tokens.begin(), r.tokens.begin() + long(short_answer.tokens.size())));
    }

    // Case 11: a context longer than the model was trained for is refused at open.
    void context_beyond_max_position_embeddings_is_refused() {
        const std::string dir = copy("tiny-mxfp4", "short-trained");
        edit_config(dir, [](nlohmann::json& c) { c["max_position_embeddings"] = 512; });
        LoadOptions o = options(dir);
        const QString e = error_of([&] { Engine::open(o); });
        QVERIFY2(e.contains("a context of 4096 tokens is longer than this model's 512") &&
                     e.contains("max_position_embeddings"),
                 qPrintable(e));
        o.context_tokens = 512;
        QCOMPARE(Engine::open(o)->info().context_tokens, 512);
    }

    // Case 11 in peng-cli: run refuses with the numbers and a non-zero exit; chat says
    // so, keeps the session and answers the next line.
    void cli_refuses_prompts_beyond_the_context() {
        const QString dir = kFixtures + "/tiny-mxfp4";
        QStringList ids;
        for (int id : prompt_of(150, 256)) ids << QString::number(id);
        const CliResult run = cli({"run", dir, "--tokens", ids.join(','), "--ngen", "4", "--context", "100",
                                   "--kv-store", "none", "--history", "none"});
        QVERIFY2(run.exit_code != 0 && run.err.contains("the prompt has 150 tokens but the context holds 100"),
                 qPrintable(run.err));
        const CliResult bigger = cli({"run", dir, "--tokens", ids.join(','), "--ngen", "2", "--context", "200",
                                      "--kv-store", "none", "--history", "none"});
        QVERIFY2(bigger.exit_code == 0, qPrintable(bigger.err));

        const QByteArray long_line = QByteArray("word ").repeated(6000) + "\n";
        const CliResult chat = cli({"chat", dir, "--ngen", "3", "--kv-store", "none", "--history", "none", "--no-think"},
                                   long_line + "hello\n");
        QVERIFY2(chat.exit_code == 0, qPrintable(chat.err + chat.out));
        QVERIFY2(chat.out.contains("but the context holds 4096") && chat.out.contains("--context"), qPrintable(chat.out));
        QVERIFY2(chat.out.contains(" prompt tokens reused"), qPrintable(chat.out));  // the next line was answered
    }
};

QTEST_GUILESS_MAIN(TestModelValidity)
#include "test_model_validity.moc"
