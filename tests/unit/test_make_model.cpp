// peng-cli make-model, the checkpoint generator: the encoders on hand-computed
// values, the layout arithmetic, and generated checkpoints checked file by file
// against the release layout (spec sections 1, 2, 4) with a small header parser
// of this test's own plus the engine's reader.
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "checkpoint/checkpoint.h"
#include "checkpoint/safetensors.h"
#include "gen/bf16_encoder.h"
#include "gen/fp8_encoder.h"
#include "gen/mxfp4_encoder.h"
#include "gen/preset.h"
#include "gen/qkv_geometry.h"
#include "gen/tensor_plan.h"
#include "quant/formats.h"  // the engine's decoders: an independent check of the encoders

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

json read_json(const fs::path& p) { return json::parse(slurp(p)); }

struct CliResult {
    int exit_code = -1;
    QString err;
};

CliResult run_cli(const QStringList& args, int threads = 0, int timeout_ms = 120000) {
    QProcess p;
    if (threads > 0) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("OMP_NUM_THREADS", QString::number(threads));
        p.setProcessEnvironment(env);
    }
    p.start(PENG_CLI_PATH, args);
    if (!p.waitForFinished(timeout_ms)) {
        p.kill();
        p.waitForFinished();
        return {-1, "timed out"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardError())};
}

// One header entry as this test reads it, independently of the engine.
struct Entry {
    std::string name, dtype;
    std::vector<uint64_t> shape;
    uint64_t begin = 0, end = 0;
};

uint64_t dtype_bytes(const std::string& dtype) {
    if (dtype == "BF16") return 2;
    if (dtype == "F32") return 4;
    if (dtype == "F8_E4M3" || dtype == "U8") return 1;
    return 0;
}

// Parses a shard's header and checks it: 8-byte aligned, offsets contiguous from
// 0, sizes matching shape x dtype, data ending exactly at the end of the file.
// Returns entries in file (offset) order; sets `problem` on the first violation.
std::vector<Entry> parse_shard(const fs::path& path, std::string& problem, uint64_t* data_start = nullptr) {
    std::vector<Entry> entries;
    const std::string bytes = slurp(path);
    if (bytes.size() < 8) {
        problem = "short file";
        return entries;
    }
    uint64_t n = 0;
    for (int i = 0; i < 8; ++i) n |= uint64_t(uint8_t(bytes[i])) << (8 * i);
    if ((8 + n) % 8 != 0) problem = "data start not 8-byte aligned";
    const json header = json::parse(bytes.substr(8, n));
    for (const auto& [name, v] : header.items()) {
        if (name == "__metadata__") continue;
        Entry e{name, v.at("dtype").get<std::string>(), v.at("shape").get<std::vector<uint64_t>>(),
                v.at("data_offsets")[0].get<uint64_t>(), v.at("data_offsets")[1].get<uint64_t>()};
        uint64_t size = dtype_bytes(e.dtype);
        for (uint64_t d : e.shape) size *= d;
        if (size == 0 || e.end - e.begin != size) problem = "size mismatch for " + name;
        entries.push_back(std::move(e));
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.begin < b.begin; });
    uint64_t at = 0;
    for (const auto& e : entries) {
        if (e.begin != at) problem = "gap or overlap before " + e.name;
        at = e.end;
    }
    if (8 + n + at != bytes.size()) problem = "data does not end at the end of the file";
    if (data_start) *data_start = 8 + n;
    return entries;
}

std::vector<uint8_t> read_tensor(const fs::path& path, const Entry& e) {
    std::string problem;
    uint64_t start = 0;
    parse_shard(path, problem, &start);
    std::ifstream in(path, std::ios::binary);
    in.seekg(std::streamoff(start + e.begin));
    std::vector<uint8_t> out(e.end - e.begin);
    in.read(reinterpret_cast<char*>(out.data()), std::streamsize(out.size()));
    return out;
}

const Entry* find_entry(const std::vector<Entry>& entries, const std::string& name) {
    for (const auto& e : entries)
        if (e.name == name) return &e;
    return nullptr;
}

std::vector<std::string> shard_files(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& f : fs::directory_iterator(dir))
        if (f.path().extension() == ".safetensors") out.push_back(f.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

class TestMakeModel : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path tiny_;      // tiny, mxfp4, seed 7
    fs::path tiny_fp8_;  // tiny, fp8, seed 7

    fs::path make(const QString& name, const QStringList& extra, int threads = 0) {
        const fs::path out = fs::path(tmp_.path().toStdString()) / name.toStdString();
        CliResult r = run_cli(QStringList{"make-model", "--out", QString::fromStdString(out.string())} + extra, threads);
        if (r.exit_code != 0) qWarning("make-model failed: %s", qPrintable(r.err));
        return r.exit_code == 0 ? out : fs::path();
    }

private slots:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        tiny_ = make("tiny", {"--preset", "tiny", "--format", "mxfp4", "--seed", "7"});
        tiny_fp8_ = make("tiny-fp8", {"--preset", "tiny", "--format", "fp8", "--seed", "7"});
        QVERIFY(!tiny_.empty() && !tiny_fp8_.empty());
    }

    // ---- encoders ----------------------------------------------------------

    void fp8_hand_values() {
        using peng::gen::encode_e4m3;
        QCOMPARE(encode_e4m3(1.0f), uint8_t(0x38));
        QCOMPARE(encode_e4m3(448.0f), uint8_t(0x7E));
        QCOMPARE(encode_e4m3(-448.0f), uint8_t(0xFE));
        QCOMPARE(encode_e4m3(1000.0f), uint8_t(0x7E));  // saturates, never NaN
        QCOMPARE(encode_e4m3(0.0f), uint8_t(0x00));
        QCOMPARE(encode_e4m3(0.5f), uint8_t(0x30));
        QCOMPARE(encode_e4m3(-2.0f), uint8_t(0xC0));
        QCOMPARE(encode_e4m3(0x1.0p-9f), uint8_t(0x01));  // smallest subnormal
        QCOMPARE(encode_e4m3(0x1.0p-6f), uint8_t(0x08));  // smallest normal
        QCOMPARE(encode_e4m3(1.0625f), uint8_t(0x38));    // tie between 1 and 1.125: even mantissa
        QCOMPARE(encode_e4m3(1.1875f), uint8_t(0x3A));    // tie between 1.125 and 1.25: even mantissa
        QCOMPARE(encode_e4m3(NAN), uint8_t(0x7F));
        for (int c = 0; c < 256; ++c) {
            if ((c & 0x7F) == 0x7F) continue;  // NaN
            const float v = peng::fp8_e4m3_to_f32_scalar(uint8_t(c));
            QCOMPARE(encode_e4m3(v), uint8_t(c));
        }
    }

    void e2m1_and_e8m0_hand_values() {
        using peng::gen::encode_e2m1;
        const float grid[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
        for (int c = 0; c < 8; ++c) {
            QCOMPARE(encode_e2m1(grid[c]), uint8_t(c));
            if (c) QCOMPARE(encode_e2m1(-grid[c]), uint8_t(c | 8));
            QCOMPARE(peng::e2m1_to_f32(uint8_t(c | 8)), -grid[c]);
        }
        // Midpoints go to the even code.
        QCOMPARE(encode_e2m1(0.25f), uint8_t(0));
        QCOMPARE(encode_e2m1(0.75f), uint8_t(2));
        QCOMPARE(encode_e2m1(1.25f), uint8_t(2));
        QCOMPARE(encode_e2m1(1.75f), uint8_t(4));
        QCOMPARE(encode_e2m1(2.5f), uint8_t(4));
        QCOMPARE(encode_e2m1(3.5f), uint8_t(6));
        QCOMPARE(encode_e2m1(5.0f), uint8_t(6));
        QCOMPARE(encode_e2m1(9.0f), uint8_t(7));
        QCOMPARE(encode_e2m1(-0.1f), uint8_t(0));

        using peng::gen::choose_e8m0_scale;
        QCOMPARE(choose_e8m0_scale(6.0f), uint8_t(127));
        QCOMPARE(choose_e8m0_scale(6.5f), uint8_t(128));
        QCOMPARE(choose_e8m0_scale(12.0f), uint8_t(128));
        QCOMPARE(choose_e8m0_scale(3.0f), uint8_t(126));
        QCOMPARE(choose_e8m0_scale(0.75f), uint8_t(124));

        // One 32-column block with max 12: scale 2^1, so 2 -> 1.0 (code 2), -12 -> -6 (code 0xF).
        float row[32] = {};
        row[0] = 2.0f;
        row[1] = -12.0f;
        row[2] = 3.0f;
        uint8_t packed[16], scale[1];
        peng::gen::quantize_mxfp4_row(row, 32, packed, scale);
        QCOMPARE(scale[0], uint8_t(128));
        QCOMPARE(packed[0], uint8_t(0x2 | (0xF << 4)));  // even column in the low nibble
        QCOMPARE(packed[1], uint8_t(0x3));                // 3 / 2 = 1.5
    }

    void bf16_and_fp8_block_values() {
        QCOMPARE(peng::gen::encode_bf16(1.0f), uint16_t(0x3F80));
        QCOMPARE(peng::gen::encode_bf16(1.00390625f), uint16_t(0x3F80));  // tie, even
        QCOMPARE(peng::gen::encode_bf16(1.01171875f), uint16_t(0x3F82));  // tie, even
        QCOMPARE(peng::gen::encode_bf16(-2.0f), uint16_t(0xC000));

        // Two rows x 130 columns: two column blocks with their own scales.
        std::vector<float> v(260, 0.5f);
        v[5] = -3.5f;    // block 0 amax
        v[130 + 129] = 8.96f;  // block 1 amax (row 1, column 129)
        std::vector<uint8_t> codes(260);
        float scales[2];
        peng::gen::quantize_fp8_band(v.data(), 2, 130, codes.data(), scales);
        QCOMPARE(scales[0], 3.5f / 448.0f);
        QCOMPARE(scales[1], 8.96f / 448.0f);
        QCOMPARE(codes[5], uint8_t(0xFE));
        QCOMPARE(codes[259], uint8_t(0x7E));
        QCOMPARE(codes[0], peng::gen::encode_e4m3(0.5f / scales[0]));
    }

    // ---- layout arithmetic ---------------------------------------------------

    void qkv_chunk_geometry() {
        using namespace peng::gen;
        const ModelDims tiny = make_preset("tiny");
        QCOMPARE(qkv_geometry(tiny, false).rows_per_chunk(), int64_t(176));
        QCOMPARE(qkv_geometry(tiny, false).scale_rows(), int64_t(8));
        QCOMPARE(qkv_geometry(tiny, false).contiguous_scale_rows(), int64_t(6));
        QCOMPARE(qkv_geometry(tiny, true).rows_per_chunk(), int64_t(256));
        QCOMPARE(qkv_geometry(tiny, true).scale_rows(), int64_t(8));
        const ModelDims flash = make_preset("flash-shape");
        QCOMPARE(qkv_geometry(flash, false).rows(), int64_t(13568));
        QCOMPARE(qkv_geometry(flash, false).scale_rows(), int64_t(108));
        QCOMPARE(qkv_geometry(flash, true).rows(), int64_t(14848));
        QCOMPARE(qkv_geometry(flash, true).scale_rows(), int64_t(116));
        const ModelDims pro = make_preset("pro-tiny");
        QCOMPARE(qkv_geometry(pro, false).chunks, 8);
        QCOMPARE(pro.hybrid_layer_pattern, (std::vector<int>{0, 1, 1, 0, 1, 1, 1, 0}));
        QCOMPARE(make_preset("tiny", 4).hybrid_layer_pattern, (std::vector<int>{0, 1, 1, 0}));
        QCOMPARE(make_preset("demo").expert_shard_count(), 64);
        std::vector<int> full;
        const ModelDims demo = make_preset("demo");
        for (int l = 0; l < demo.num_hidden_layers; ++l)
            if (!demo.is_swa_layer(l)) full.push_back(l);
        QCOMPARE(full, (std::vector<int>{0, 5, 11, 17, 23, 29, 35, 41, 47}));
    }

    void flash_shape_expert_is_13369344_bytes() {
        using namespace peng::gen;
        const CheckpointPlan plan = plan_checkpoint(make_preset("flash-shape"), CheckpointFormat::Mxfp4);
        uint64_t expert = 0;
        int tensors = 0;
        for (const auto& t : plan.tensors)
            if (t.name.rfind("model.layers.1.mlp.experts.0.", 0) == 0) {
                expert += t.byte_size();
                ++tensors;
            }
        QCOMPARE(tensors, 6);
        QCOMPARE(expert, uint64_t(13369344));
        QCOMPARE(plan.files.size(), size_t(65));  // 64 expert shards + MTP
    }

    // ---- generated checkpoints -------------------------------------------------

    void file_names() {
        std::set<std::string> names;
        for (const auto& f : fs::directory_iterator(tiny_)) names.insert(f.path().filename().string());
        for (const char* expected :
             {"config.json", "generation_config.json", "model.safetensors.index.json", "tokenizer.json",
              "tokenizer_config.json", "chat_template.jinja", "model_mtp.safetensors",
              "model_pp0_ep0_shard0.safetensors", "model_pp0_ep1_shard0.safetensors",
              "model_pp0_ep2_shard0.safetensors", "model_pp0_ep3_shard0.safetensors"})
            QVERIFY2(names.count(expected), expected);
        QCOMPARE(shard_files(tiny_).size(), size_t(5));  // 16 experts / 4 per shard + MTP
        QVERIFY(!fs::exists(tiny_.string() + ".tmp"));
        for (const auto& f : fs::directory_iterator(tiny_.parent_path()))
            QVERIFY2(f.path().filename().string().find(".tmp-") == std::string::npos, "staging directory left behind");
    }

    void deterministic() {
        // One thread against the default: bands are generated in parallel, bytes must not care.
        const fs::path again = make("tiny-again", {"--preset", "tiny", "--format", "mxfp4", "--seed", "7"}, 1);
        QVERIFY(!again.empty());
        for (const auto& f : fs::directory_iterator(tiny_)) {
            const auto name = f.path().filename();
            QVERIFY2(slurp(f.path()) == slurp(again / name), qPrintable(QString::fromStdString(name.string())));
        }
        const fs::path other = make("tiny-seed8", {"--preset", "tiny", "--format", "mxfp4", "--seed", "8"});
        QVERIFY(slurp(tiny_ / "model_pp0_ep1_shard0.safetensors") != slurp(other / "model_pp0_ep1_shard0.safetensors"));
        QCOMPARE(slurp(tiny_ / "config.json"), slurp(other / "config.json"));
    }

    void index_matches_shard_headers() {
        for (const fs::path& dir : {tiny_, tiny_fp8_}) {
            const json index = read_json(dir / "model.safetensors.index.json");
            const auto& map = index.at("weight_map");
            uint64_t total = 0;
            size_t tensors = 0;
            for (const auto& file : shard_files(dir)) {
                std::string problem;
                const auto entries = parse_shard(dir / file, problem);
                QVERIFY2(problem.empty(), (file + ": " + problem).c_str());
                for (const auto& e : entries) {
                    QVERIFY2(map.contains(e.name), e.name.c_str());
                    QCOMPARE(map.at(e.name).get<std::string>(), file);
                    total += e.end - e.begin;
                }
                tensors += entries.size();
            }
            QCOMPARE(tensors, map.size());
            QCOMPARE(index.at("metadata").at("total_size").get<uint64_t>(), total);
            QCOMPARE(index.at("metadata").at("tp_size").get<int>(), 4);
        }
    }

    void engine_reader_accepts_it() {
        for (const fs::path& dir : {tiny_, tiny_fp8_}) {
            peng::Checkpoint ckpt(dir.string());
            QCOMPARE(ckpt.config().model_type, std::string("mimo_v2"));
            QCOMPARE(ckpt.config().num_layers, 6);
            QVERIFY(ckpt.has("model.layers.3.self_attn.qkv_proj.weight_scale_inv"));
            QVERIFY(!ckpt.has("model.layers.3.self_attn.attention_sink_bias"));  // full layer: no sink
            QVERIFY(ckpt.has("model.layers.4.self_attn.attention_sink_bias"));
            for (const auto& f : ckpt.files()) QVERIFY(!f->tensors().empty());
        }
    }

    void split_pair_across_shards() {
        const json map = read_json(tiny_ / "model.safetensors.index.json").at("weight_map");
        QCOMPARE(map.at("model.layers.5.self_attn.qkv_proj.weight").get<std::string>(),
                 std::string("model_pp0_ep0_shard0.safetensors"));
        QCOMPARE(map.at("model.layers.5.self_attn.qkv_proj.weight_scale_inv").get<std::string>(),
                 std::string("model_pp0_ep1_shard0.safetensors"));
        std::string problem;
        QVERIFY(find_entry(parse_shard(tiny_ / "model_pp0_ep1_shard0.safetensors", problem),
                           "model.layers.5.self_attn.qkv_proj.weight_scale_inv"));
    }

    void experts_in_string_order() {
        std::string problem;
        const auto entries = parse_shard(tiny_ / "model_pp0_ep2_shard0.safetensors", problem);
        QVERIFY(problem.empty());
        // File order is name order: experts 10, 11, 8, 9 of each layer.
        for (size_t i = 1; i < entries.size(); ++i) QVERIFY(entries[i - 1].name < entries[i].name);
        std::vector<std::string> layer1;
        for (const auto& e : entries)
            if (e.name.rfind("model.layers.1.mlp.experts.", 0) == 0) layer1.push_back(e.name.substr(27));
        const std::vector<std::string> expected_expert = {
            "down_proj.weight", "down_proj.weight_scale", "gate_proj.weight",
            "gate_proj.weight_scale", "up_proj.weight", "up_proj.weight_scale"};
        QCOMPARE(layer1.size(), size_t(24));
        const char* order[] = {"10.", "11.", "8.", "9."};
        for (int e = 0; e < 4; ++e)
            for (int k = 0; k < 6; ++k) QCOMPARE(layer1[size_t(e * 6 + k)], order[e] + expected_expert[size_t(k)]);
        // And each expert's six tensors are one contiguous byte range.
        const Entry* first = find_entry(entries, "model.layers.1.mlp.experts.8.down_proj.weight");
        const Entry* last = find_entry(entries, "model.layers.1.mlp.experts.8.up_proj.weight_scale");
        QCOMPARE(last->end - first->begin, uint64_t(3 * (64 * 128 + 64 * 8)));
    }

    void tensor_dtypes_and_shapes() {
        std::string problem;
        const auto v26 = parse_shard(tiny_ / "model_pp0_ep0_shard0.safetensors", problem);
        auto check = [](const std::vector<Entry>& entries, const std::string& name, const std::string& dtype,
                        std::vector<uint64_t> shape) {
            const Entry* e = find_entry(entries, name);
            QVERIFY2(e, name.c_str());
            QCOMPARE(e->dtype, dtype);
            QCOMPARE(e->shape, shape);
        };
        check(v26, "model.embed_tokens.weight", "BF16", {512, 256});
        check(v26, "lm_head.weight", "BF16", {512, 256});
        check(v26, "model.layers.0.self_attn.qkv_proj.weight", "F8_E4M3", {704, 256});
        check(v26, "model.layers.0.self_attn.qkv_proj.weight_scale_inv", "F32", {8, 2});  // per chunk, not 6
        check(v26, "model.layers.1.self_attn.qkv_proj.weight", "F8_E4M3", {1024, 256});
        check(v26, "model.layers.1.self_attn.qkv_proj.weight_scale_inv", "F32", {8, 2});
        check(v26, "model.layers.1.self_attn.o_proj.weight", "BF16", {256, 256});
        check(v26, "model.layers.1.self_attn.attention_sink_bias", "BF16", {8});
        check(v26, "model.layers.0.mlp.gate_proj.weight_scale_inv", "F32", {4, 2});
        check(v26, "model.layers.0.mlp.down_proj.weight", "F8_E4M3", {256, 512});
        check(v26, "model.layers.1.mlp.gate.weight", "BF16", {16, 256});
        check(v26, "model.layers.1.mlp.gate.e_score_correction_bias", "F32", {16});
        check(v26, "model.layers.1.mlp.experts.0.gate_proj.weight", "U8", {64, 128});
        check(v26, "model.layers.1.mlp.experts.0.gate_proj.weight_scale", "U8", {64, 8});
        check(v26, "model.layers.1.mlp.experts.0.down_proj.weight", "U8", {256, 32});
        check(v26, "model.layers.1.mlp.experts.0.down_proj.weight_scale", "U8", {256, 2});
        const auto v25 = parse_shard(tiny_fp8_ / "model_pp0_ep0_shard0.safetensors", problem);
        check(v25, "model.layers.1.mlp.gate.weight", "F32", {16, 256});
        check(v25, "model.layers.1.mlp.experts.0.gate_proj.weight", "F8_E4M3", {64, 256});
        check(v25, "model.layers.1.mlp.experts.0.gate_proj.weight_scale_inv", "F32", {1, 2});
        check(v25, "model.layers.1.mlp.experts.0.down_proj.weight_scale_inv", "F32", {2, 1});
        const auto mtp = parse_shard(tiny_ / "model_mtp.safetensors", problem);
        check(mtp, "model.mtp.layers.0.eh_proj.weight", "BF16", {256, 512});
        check(mtp, "model.mtp.layers.0.self_attn.qkv_proj.weight_scale_inv", "F32", {8, 2});
        QVERIFY(problem.empty());
    }

    // Spec 4.3's forensic check: under the per-chunk grid every 128x128 cell of
    // the qkv holds a saturated code (|value| = 448).
    void qkv_quantized_per_chunk_block() {
        std::string problem;
        const fs::path shard = tiny_ / "model_pp0_ep0_shard0.safetensors";
        const auto entries = parse_shard(shard, problem);
        const Entry* w = find_entry(entries, "model.layers.0.self_attn.qkv_proj.weight");
        const auto codes = read_tensor(shard, *w);
        const int64_t rows = 704, cols = 256, chunk = 176;
        std::map<std::pair<int64_t, int64_t>, bool> saturated;
        for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = 0; c < cols; ++c) {
                const int64_t cell_row = (r / chunk) * 2 + (r % chunk) / 128;
                bool& s = saturated[{cell_row, c / 128}];
                s = s || (codes[size_t(r * cols + c)] & 0x7F) == 0x7E;
            }
        QCOMPARE(saturated.size(), size_t(16));
        for (const auto& [cell, s] : saturated) QVERIFY(s);
    }

    // Every MXFP4 block's scale is the smallest that fits, so its largest code is 3, 4 or 6.
    void mxfp4_blocks_use_their_range() {
        std::string problem;
        const fs::path shard = tiny_ / "model_pp0_ep1_shard0.safetensors";
        const auto entries = parse_shard(shard, problem);
        const auto packed = read_tensor(shard, *find_entry(entries, "model.layers.2.mlp.experts.5.up_proj.weight"));
        const auto scales = read_tensor(shard, *find_entry(entries, "model.layers.2.mlp.experts.5.up_proj.weight_scale"));
        double sum_sq = 0;
        for (size_t block = 0; block < scales.size(); ++block) {
            int largest = 0;
            for (size_t j = 0; j < 16; ++j) {
                const uint8_t byte = packed[block * 16 + j];
                for (uint8_t nibble : {uint8_t(byte & 0xF), uint8_t(byte >> 4)}) {
                    largest = std::max(largest, nibble & 7);
                    const float v = peng::e2m1_to_f32(nibble) * peng::e8m0_to_f32(scales[block]);
                    sum_sq += double(v) * v;
                }
            }
            QVERIFY(largest >= 5);
        }
        // The expert's up_proj was drawn with std 1/sqrt(hidden) = 1/16.
        const double rms = std::sqrt(sum_sq / (scales.size() * 32));
        QVERIFY2(rms > 0.05 && rms < 0.08, qPrintable(QString::number(rms)));
    }

    void config_as_released() {
        const json c = read_json(tiny_ / "config.json");
        QCOMPARE(c.at("model_type").get<std::string>(), std::string("mimo_v2"));
        QCOMPARE(c.at("architectures")[0].get<std::string>(), std::string("MiMoV2ForCausalLM"));
        QVERIFY(c.at("routed_scaling_factor").is_null());
        QVERIFY(c.at("n_shared_experts").is_null());
        QCOMPARE(c.at("rope_theta").get<double>(), 1e7);
        QCOMPARE(c.at("rope_parameters").at("rope_theta").get<double>(), 1e7);
        QCOMPARE(c.at("sliding_window").get<int>(), 128);
        QCOMPARE(c.at("sliding_window_size").get<int>(), 128);
        QCOMPARE(c.at("hybrid_layer_pattern").get<std::vector<int>>(), (std::vector<int>{0, 1, 1, 0, 1, 1}));
        QCOMPARE(c.at("moe_layer_freq").get<std::vector<int>>(), (std::vector<int>{0, 1, 1, 1, 1, 1}));
        QCOMPARE(c.at("layernorm_epsilon").get<double>(), 1e-6);
        QCOMPARE(read_json(tiny_fp8_ / "config.json").at("layernorm_epsilon").get<double>(), 1e-5);
        QCOMPARE(c.at("partial_rotary_factor").get<double>(), 0.334);
        QCOMPARE(c.at("attention_value_scale").get<double>(), 0.707);
        const json q = c.at("quantization_config");
        QCOMPARE(q.at("store_dtype").get<std::string>(), std::string("mxfp4"));
        QCOMPARE(q.at("mxfp4_block_size").get<int>(), 32);
        QCOMPARE(q.at("weight_block_size").get<std::vector<int>>(), (std::vector<int>{128, 128}));
        QCOMPARE(q.at("ignored_layers").size(), size_t(6));
        QCOMPARE(q.at("ignored_layers")[5].get<std::string>(), std::string("model.layers.5.self_attn.o_proj"));
        QVERIFY(!read_json(tiny_fp8_ / "config.json").at("quantization_config").contains("store_dtype"));
    }

    void tokenizer_and_generation_ids() {
        const json tok = read_json(tiny_ / "tokenizer.json");
        QCOMPARE(tok.at("model").at("type").get<std::string>(), std::string("BPE"));
        const auto& vocab = tok.at("model").at("vocab");
        QVERIFY(vocab.size() >= 300);
        QCOMPARE(vocab.at("!").get<int>(), 0);       // GPT-2 byte order
        QCOMPARE(vocab.at("\xC4\x80").get<int>(), 188);  // byte 0 as U+0100
        for (const auto& m : tok.at("model").at("merges")) QVERIFY(m.is_string() && m.get<std::string>().find(' ') != std::string::npos);
        const auto& steps = tok.at("pre_tokenizer").at("pretokenizers");
        QCOMPARE(steps[0].at("type").get<std::string>(), std::string("Split"));
        QVERIFY(steps[0].at("pattern").at("Regex").get<std::string>().find("\\p{N}|") != std::string::npos);
        QCOMPARE(steps[1].at("use_regex").get<bool>(), false);

        std::map<std::string, int> added;
        int max_id = 0;
        for (const auto& t : tok.at("added_tokens")) {
            added[t.at("content").get<std::string>()] = t.at("id").get<int>();
            max_id = std::max(max_id, t.at("id").get<int>());
        }
        for (const char* name : {"<|endoftext|>", "<|im_start|>", "<|im_end|>", "<think>", "</think>", "<tool_call>",
                                 "</tool_call>", "<tool_response>", "</tool_response>", "<|vision_start|>"})
            QVERIFY2(added.count(name), name);
        QVERIFY(max_id + 1 < read_json(tiny_ / "config.json").at("vocab_size").get<int>());  // a tail exists

        const json gen = read_json(tiny_ / "generation_config.json");
        QCOMPARE(gen.at("bos_token_id").get<int>(), added["<|endoftext|>"]);
        QCOMPARE(gen.at("eos_token_id").get<std::vector<int>>(),
                 (std::vector<int>{added["<|endoftext|>"], added["<|im_end|>"]}));
        QCOMPARE(read_json(tiny_ / "config.json").at("eos_token_id").get<int>(), added["<|im_end|>"]);
        QVERIFY(slurp(tiny_ / "chat_template.jinja").find("<|im_start|>") != std::string::npos);
        QVERIFY(slurp(tiny_ / "chat_template.jinja") != slurp(tiny_fp8_ / "chat_template.jinja"));  // V2.6 vs V2.5
    }

    void real_tokenizer_is_copied() {
        const fs::path src = fs::path(tmp_.path().toStdString()) / "src-tokenizer";
        fs::create_directories(src);
        fs::copy_file(tiny_ / "tokenizer.json", src / "tokenizer.json");
        const fs::path out = make("with-tokenizer", {"--preset", "tiny", "--format", "mxfp4", "--tokenizer",
                                                     QString::fromStdString((src / "tokenizer.json").string())});
        QVERIFY(!out.empty());
        QCOMPARE(slurp(out / "tokenizer.json"), slurp(src / "tokenizer.json"));
    }

    void refuses_foreign_directory() {
        const fs::path foreign = fs::path(tmp_.path().toStdString()) / "foreign";
        fs::create_directories(foreign);
        std::ofstream(foreign / "notes.txt") << "mine";
        CliResult r = run_cli({"make-model", "--preset", "tiny", "--out", QString::fromStdString(foreign.string())});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("not empty"), qPrintable(r.err));
        QVERIFY(fs::exists(foreign / "notes.txt"));
        // A previous make-model output is replaced without --force.
        const fs::path again = make("tiny", {"--preset", "tiny", "--format", "mxfp4", "--seed", "7"});
        QVERIFY(!again.empty());
        r = run_cli({"make-model", "--preset", "tiny", "--force", "--out", QString::fromStdString(foreign.string())});
        QCOMPARE(r.exit_code, 0);
        QVERIFY(!fs::exists(foreign / "notes.txt"));
        r = run_cli({"make-model", "--preset", "nope", "--out", QString::fromStdString(foreign.string())});
        QCOMPARE(r.exit_code, 1);
        QVERIFY2(r.err.contains("unknown preset 'nope'"), qPrintable(r.err));
    }

    void demo_size_and_time() {
        const auto start = std::chrono::steady_clock::now();
        const fs::path demo = make("demo", {"--preset", "demo", "--format", "mxfp4"});
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY(!demo.empty());
        uint64_t bytes = 0;
        for (const auto& f : fs::directory_iterator(demo)) bytes += f.file_size();
        qInfo("demo: %.1f MB in %.1f s", bytes / 1e6, seconds);
        QVERIFY2(bytes < 200'000'000, qPrintable(QString::number(bytes)));
        QVERIFY2(seconds < 60, qPrintable(QString::number(seconds)));
        QCOMPARE(shard_files(demo).size(), size_t(65));
        peng::Checkpoint ckpt(demo.string());
        QCOMPARE(ckpt.config().n_routed_experts, 256);
        QCOMPARE(read_json(demo / "tokenizer.json").at("model").at("vocab").size() > 3000, true);
    }
};

QTEST_MAIN(TestMakeModel)
#include "test_make_model.moc"
