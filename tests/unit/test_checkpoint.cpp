// The checkpoint layer: safetensors validation, index resolution, config parsing, and
// every kind of bad input giving an error that names the file and the tensor or field.
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "checkpoint/checkpoint.h"
#include "checkpoint/config.h"
#include "checkpoint/safetensors.h"
#include "io/file.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

// A tiny writer of our own: the test must not trust the generator it is checking.
void write_shard(const std::string& path, const std::string& header, const std::string& data) {
    std::ofstream f(path, std::ios::binary);
    uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) f.put(char((n >> (8 * i)) & 0xFF));
    f << header << data;
}

std::string entry(const std::string& dtype, std::vector<uint64_t> shape, uint64_t begin, uint64_t end) {
    nlohmann::json e = {{"dtype", dtype}, {"shape", shape}, {"data_offsets", {begin, end}}};
    return e.dump();
}

template <typename F>
QString error_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

nlohmann::json minimal_config() {
    return {{"model_type", "mimo_v2"},
            {"hidden_size", 256},
            {"num_hidden_layers", 2},
            {"vocab_size", 512},
            {"intermediate_size", 512},
            {"moe_intermediate_size", 64},
            {"n_routed_experts", 16},
            {"num_experts_per_tok", 8},
            {"num_attention_heads", 8},
            {"num_key_value_heads", 4},
            {"head_dim", 48},
            {"v_head_dim", 32},
            {"swa_num_attention_heads", 8},
            {"swa_num_key_value_heads", 8},
            {"swa_head_dim", 48},
            {"swa_v_head_dim", 32},
            {"partial_rotary_factor", 0.334},
            {"rope_theta", 10000000},
            {"swa_rope_theta", 10000},
            {"sliding_window", 128},
            {"sliding_window_size", 128},
            {"layernorm_epsilon", 1e-6},
            {"hybrid_layer_pattern", {0, 1}},
            {"moe_layer_freq", {0, 1}},
            {"routed_scaling_factor", nullptr},
            {"attention_value_scale", 0.707}};
}

}  // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::string path(const char* name) { return (tmp_.path() + "/" + name).toStdString(); }

private slots:
    void reads_a_valid_shard() {
        std::string data(8, '\0');
        float one = 1.0f, two = 2.0f;
        std::memcpy(data.data(), &one, 4);
        std::memcpy(data.data() + 4, &two, 4);
        write_shard(path("ok.safetensors"),
                    "{\"__metadata__\":{\"format\":\"pt\"},\"a\":" + entry("F32", {2}, 0, 8) + "}", data);
        SafetensorsFile f(path("ok.safetensors"));
        QCOMPARE(f.tensors().size(), size_t(1));
        const TensorInfo* a = f.find("a");
        QVERIFY(a);
        QCOMPARE(a->dtype, DType::F32);
        QCOMPARE(a->offset, uint64_t(8 + std::string("{\"__metadata__\":{\"format\":\"pt\"},\"a\":").size() +
                                     entry("F32", {2}, 0, 8).size() + 1));
        float back[2];
        f.read(*a, back);
        QCOMPARE(back[1], 2.0f);
        QCOMPARE(f.metadata().at("format"), std::string("pt"));
    }
    void truncated_shard() {
        write_shard(path("t.safetensors"), "{\"w\":" + entry("BF16", {4}, 0, 8) + "}", std::string(3, 'x'));
        QString e = error_of([&] { SafetensorsFile f(path("t.safetensors")); });
        QVERIFY2(e.contains("t.safetensors") && e.contains("'w'") && e.contains("outside the data"), qPrintable(e));
        std::ofstream(path("short.safetensors")) << "abc";
        e = error_of([&] { SafetensorsFile f(path("short.safetensors")); });
        QVERIFY2(e.contains("short.safetensors") && e.contains("truncated"), qPrintable(e));
    }
    void header_length_past_end() {
        std::ofstream f(path("h.safetensors"), std::ios::binary);
        const unsigned char len[8] = {0xFF, 0xFF, 0, 0, 0, 0, 0, 0};
        f.write(reinterpret_cast<const char*>(len), 8);
        f << "{}";
        f.close();
        QString e = error_of([&] { SafetensorsFile s(path("h.safetensors")); });
        QVERIFY2(e.contains("h.safetensors") && e.contains("past the end"), qPrintable(e));
    }
    void malformed_header_json() {
        write_shard(path("j.safetensors"), "{\"w\": {\"dtype\": ", "");
        QString e = error_of([&] { SafetensorsFile s(path("j.safetensors")); });
        QVERIFY2(e.contains("j.safetensors") && e.contains("malformed header JSON"), qPrintable(e));
    }
    void overlapping_offsets() {
        write_shard(path("o.safetensors"), "{\"a\":" + entry("U8", {8}, 0, 8) + ",\"b\":" + entry("U8", {8}, 4, 12) + "}",
                    std::string(12, 'x'));
        QString e = error_of([&] { SafetensorsFile s(path("o.safetensors")); });
        QVERIFY2(e.contains("o.safetensors") && e.contains("overlap"), qPrintable(e));
    }
    void unknown_dtype() {
        write_shard(path("d.safetensors"), "{\"w\":" + entry("F4_E9", {2}, 0, 2) + "}", "xx");
        QString e = error_of([&] { SafetensorsFile s(path("d.safetensors")); });
        QVERIFY2(e.contains("'w'") && e.contains("unknown dtype 'F4_E9'"), qPrintable(e));
    }
    void shape_not_matching_size() {
        write_shard(path("s.safetensors"), "{\"w\":" + entry("BF16", {3, 3}, 0, 16) + "}", std::string(16, 'x'));
        QString e = error_of([&] { SafetensorsFile s(path("s.safetensors")); });
        QVERIFY2(e.contains("'w'") && e.contains("needs 18 bytes"), qPrintable(e));
        write_shard(path("s2.safetensors"), "{\"w\":" + entry("BF16", {1ULL << 62, 8}, 0, 16) + "}", std::string(16, 'x'));
        e = error_of([&] { SafetensorsFile s(path("s2.safetensors")); });
        QVERIFY2(e.contains("overflows"), qPrintable(e));
    }
    void index_naming_missing_file_and_missing_tensor() {
        fs::create_directories(path("m"));
        std::ofstream(path("m/config.json")) << minimal_config().dump();
        std::ofstream(path("m/model.safetensors.index.json"))
            << R"({"metadata":{},"weight_map":{"a":"model_pp0_ep0_shard0.safetensors","b":"gone.safetensors"}})";
        write_shard(path("m/model_pp0_ep0_shard0.safetensors"), "{\"a\":" + entry("U8", {2}, 0, 2) + "}", "xy");
        QString e = error_of([&] { Checkpoint c(path("m")); });
        QVERIFY2(e.contains("gone.safetensors") && e.contains("'b'"), qPrintable(e));

        std::ofstream(path("m/model.safetensors.index.json"))
            << R"({"metadata":{},"weight_map":{"a":"model_pp0_ep0_shard0.safetensors"}})";
        Checkpoint ok(path("m"));
        e = error_of([&] { ok.find("lm_head.weight"); });
        QVERIFY2(e.contains("missing tensor 'lm_head.weight'"), qPrintable(e));
        e = error_of([&] { ok.read("a", DType::BF16, {1}); });
        QVERIFY2(e.contains("'a'") && e.contains("dtype U8"), qPrintable(e));
    }
    void weight_and_scale_in_different_shards() {
        fs::create_directories(path("split"));
        std::ofstream(path("split/config.json")) << minimal_config().dump();
        std::ofstream(path("split/model.safetensors.index.json"))
            << R"({"weight_map":{"w.weight":"model_pp0_ep0_shard0.safetensors","w.weight_scale_inv":"model_pp0_ep1_shard0.safetensors"}})";
        write_shard(path("split/model_pp0_ep0_shard0.safetensors"), "{\"w.weight\":" + entry("F8_E4M3", {2}, 0, 2) + "}", "\x38\x38");
        std::string scale(4, '\0');
        float s = 0.5f;
        std::memcpy(scale.data(), &s, 4);
        write_shard(path("split/model_pp0_ep1_shard0.safetensors"),
                    "{\"w.weight_scale_inv\":" + entry("F32", {1, 1}, 0, 4) + "}", scale);
        Checkpoint c(path("split"));
        auto bytes = c.read("w.weight_scale_inv", DType::F32, {1, 1});
        float back;
        std::memcpy(&back, bytes.data(), 4);
        QCOMPARE(back, 0.5f);
        QVERIFY(c.find("w.weight").file != c.find("w.weight_scale_inv").file);
    }
    void config_fields() {
        ModelConfig c = ModelConfig::parse(minimal_config().dump(), "config.json");
        QCOMPARE(c.routed_scaling_factor, 1.0);  // null means 1.0
        QCOMPARE(c.attention(0).rope_dim, 16);   // int(48 * 0.334)
        QCOMPARE(c.attention(0).kind, AttentionKind::Full);
        QCOMPARE(c.attention(1).num_kv_heads, 8);
        QCOMPARE(c.attention(1).window, 128);
        QVERIFY(!c.is_moe(0) && c.is_moe(1));

        for (const char* field : {"hidden_size", "num_hidden_layers", "n_routed_experts", "rope_theta",
                                  "hybrid_layer_pattern", "moe_layer_freq", "head_dim"}) {
            nlohmann::json j = minimal_config();
            j.erase(field);
            QString e = error_of([&] { ModelConfig::parse(j.dump(), "cfg/config.json"); });
            QVERIFY2(e.contains("cfg/config.json") && e.contains(field), qPrintable(e));
        }
        nlohmann::json j = minimal_config();
        j["hybrid_layer_pattern"] = {0, 1, 1};
        QVERIFY(error_of([&] { ModelConfig::parse(j.dump(), "c"); }).contains("hybrid_layer_pattern"));
        j = minimal_config();
        j["scoring_func"] = "softmax";
        QVERIFY(error_of([&] { ModelConfig::parse(j.dump(), "c"); }).contains("scoring_func"));
        j = minimal_config();
        j["num_key_value_heads"] = 3;
        QVERIFY(error_of([&] { ModelConfig::parse(j.dump(), "c"); }).contains("num_key_value_heads"));
        j = minimal_config();
        j.erase("swa_v_head_dim");  // defaults to swa_head_dim, not v_head_dim
        QCOMPARE(ModelConfig::parse(j.dump(), "c").swa_v_head_dim, 48);
        QVERIFY(error_of([&] { ModelConfig::parse("{\"model_type\":", "bad.json"); }).contains("bad.json"));
    }
    void generation_config() {
        GenerationConfig g = GenerationConfig::parse(
            R"({"bos_token_id":151643,"eos_token_id":[151643,151645,151672],"temperature":1.0,"top_p":0.95})", "g");
        QCOMPARE(g.eos_token_ids.size(), size_t(3));
        QCOMPARE(*g.top_p, 0.95);
        QCOMPARE(GenerationConfig::parse(R"({"eos_token_id":151645})", "g").eos_token_ids.front(), 151645);
    }
    void reads_loop_past_two_gib() {
        // A sparse file: a read larger than Linux's 0x7ffff000-byte pread limit must loop.
        const std::string big = path("big.bin");
        const uint64_t size = (1ULL << 31) + (64ULL << 20);
        int fd = ::open(big.c_str(), O_CREAT | O_WRONLY, 0600);
        QVERIFY(fd >= 0);
        const char tail[4] = {'p', 'e', 'n', 'g'};
        QCOMPARE(::pwrite(fd, tail, 4, off_t(size - 4)), ssize_t(4));
        ::close(fd);
        ReadFile f(big);
        QCOMPARE(f.size(), size);
        std::vector<char> buffer(size);
        f.read_exact(0, buffer.data(), size);
        QCOMPARE(std::memcmp(buffer.data() + size - 4, tail, 4), 0);
        char last[4];
        f.read_exact(size - 4, last, 4);  // a 64-bit offset
        QCOMPARE(std::memcmp(last, tail, 4), 0);
        QVERIFY(!error_of([&] { f.read_exact(size - 2, last, 4); }).isEmpty());
        fs::remove(big);
    }
};

QTEST_APPLESS_MAIN(TestCheckpoint)
#include "test_checkpoint.moc"
