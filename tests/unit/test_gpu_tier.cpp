// The GPU tier. Without a device: the shared per-element math (cuda/device_math.h)
// against the quant decoders and the CPU kernels, the VRAM plan, and the no-device
// messages. With a device: greedy tokens and logits against the CPU path, and a
// non-zero count of device matmuls (a tier that declined every matrix would pass
// the token check). Device tests skip with the reason when there is none.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include "checkpoint/expert_locator.h"
#include "io/direct_reader.h"
#include "cuda/device_math.h"
#include "cuda/gpu_tier.h"
#include "kernels/matvec.h"
#include "kernels/reference_math.h"
#include "model/model.h"
#include "plan/vram_plan.h"
#include "quant/formats.h"

using namespace peng;
namespace dm = peng::device_math;

namespace {

const std::string kFixtures = PENG_FIXTURE_DIR;

uint32_t bits_of(float f) {
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}

// A decoded value and the reference agree bit for bit, or are both NaN.
bool same_value(float a, float b) { return (std::isnan(a) && std::isnan(b)) || bits_of(a) == bits_of(b); }

// The row as the device computes it: 32 lane sums, then the halving reduction.
float warp_dot(const MatrixView& w, int row, const float* x) {
    float lanes[dm::kLanes];
    for (int lane = 0; lane < dm::kLanes; ++lane) lanes[lane] = dm::lane_sum(w, row, x, lane);
    return kernels::reduce_lanes(lanes);
}

struct RandomMatrix {
    MatrixView view;
    std::vector<uint8_t> bytes, group_scales;
    std::vector<float> block_scales;
    std::vector<int32_t> scale_rows;
};

RandomMatrix random_matrix(WeightFormat format, int rows, int cols, bool row_map, std::mt19937& rng) {
    RandomMatrix m;
    std::uniform_int_distribution<int> byte(0, 255);
    std::uniform_real_distribution<float> real(-1.0f, 1.0f);
    m.view.format = format;
    m.view.rows = rows;
    m.view.cols = cols;
    switch (format) {
        case WeightFormat::F32: {
            std::vector<float> values(size_t(rows) * cols);
            for (auto& v : values) v = real(rng);
            m.bytes.resize(values.size() * 4);
            std::memcpy(m.bytes.data(), values.data(), m.bytes.size());
            break;
        }
        case WeightFormat::BF16:
            m.bytes.resize(size_t(rows) * cols * 2);
            for (size_t i = 0; i < m.bytes.size(); i += 2) {
                const uint32_t b = bits_of(real(rng));
                m.bytes[i] = uint8_t(b >> 16);
                m.bytes[i + 1] = uint8_t(b >> 24);
            }
            break;
        case WeightFormat::FP8Block: {
            m.bytes.resize(size_t(rows) * cols);
            for (auto& b : m.bytes) b = uint8_t(byte(rng) & 0x7E);  // no NaN codes
            m.view.scale_cols = (cols + 127) / 128;
            const int grid_rows = row_map ? 5 : (rows + 127) / 128;
            for (int i = 0; i < grid_rows * m.view.scale_cols; ++i) m.block_scales.push_back(std::ldexp(real(rng), -8));
            if (row_map)
                for (int r = 0; r < rows; ++r) m.scale_rows.push_back((r * 7) % grid_rows);
            break;
        }
        case WeightFormat::MXFP4:
            m.bytes.resize(size_t(rows) * cols / 2);
            for (auto& b : m.bytes) b = uint8_t(byte(rng));
            for (int i = 0; i < rows * cols / 32; ++i) m.group_scales.push_back(uint8_t(118 + byte(rng) % 16));
            break;
    }
    m.view.data = m.bytes.data();
    m.view.block_scales = m.block_scales.empty() ? nullptr : m.block_scales.data();
    m.view.scale_row = m.scale_rows.empty() ? nullptr : m.scale_rows.data();
    m.view.group_scales = m.group_scales.empty() ? nullptr : m.group_scales.data();
    return m;
}

// A VRAM tier run on the CPU with the device kernels' per-element math: it checks the
// model's side of the GPU path (one launch per layer, results scattered back into
// each row's router order, VRAM hits counted) without a GPU. Its silu is the host's,
// so its logits must equal the CPU path's to the byte.
class HostVramTier : public VramTier {
public:
    HostVramTier(const std::string& dir, std::set<std::pair<int, int>> held)
        : ckpt_(dir), format_(detect_expert_format(ckpt_)), held_(std::move(held)) {}
    int launches = 0;

    bool holds(int layer, int expert) const override { return held_.count({layer, expert}) != 0; }
    void launch(int layer, const float* h, int, const std::vector<VramWork>& work) override {
        ++launches;
        const int H = ckpt_.config().hidden_size, MI = ckpt_.config().moe_intermediate_size;
        out_.clear();
        std::vector<float> act(MI);
        for (const VramWork& item : work) {
            const ExpertWeights& w = weights(layer, item.expert);
            for (int row : item.rows) {
                const float* x = h + size_t(row) * H;
                for (int r = 0; r < MI; ++r) act[r] = dm::silu(warp_dot(w.gate, r, x)) * warp_dot(w.up, r, x);
                for (int r = 0; r < H; ++r) out_.push_back(warp_dot(w.down, r, act.data()));
            }
        }
    }
    void wait(float* out) override { std::copy(out_.begin(), out_.end(), out); }

private:
    struct Loaded {
        std::vector<uint8_t> bytes;
        std::vector<float> fp8_scales[3];
        ExpertWeights views;
    };
    const ExpertWeights& weights(int layer, int expert) {
        auto& slot = loaded_[{layer, expert}];
        if (!slot) {
            slot = std::make_unique<Loaded>();
            const ExpertLocation loc = locate_expert(ckpt_, format_, layer, expert);
            AlignedBuffer buffer;
            for (const ByteRange& r : loc.ranges) {
                const uint8_t* src = DirectReader(r.file->path(), false).read(r.offset, r.bytes, buffer);
                slot->bytes.insert(slot->bytes.end(), src, src + r.bytes);
            }
            slot->views = expert_views(ckpt_.config(), format_, loc, slot->bytes.data(), slot->fp8_scales);
        }
        return slot->views;
    }

    Checkpoint ckpt_;
    ExpertFormat format_;
    std::set<std::pair<int, int>> held_;
    std::map<std::pair<int, int>, std::unique_ptr<Loaded>> loaded_;
    std::vector<float> out_;
};

std::vector<int> prompt_tokens() { return {3, 17, 42, 99, 7, 250, 11}; }

// Greedy decode of `steps` tokens after the prompt; every step's logits are kept.
std::vector<int> greedy(Model& model, int steps, std::vector<std::vector<float>>& all_logits) {
    Session session(model.config());
    std::vector<int> tokens = prompt_tokens();
    std::vector<float> logits(model.config().vocab_size);
    model.forward(session, tokens.data(), int(tokens.size()), logits.data(), false, RunConfig{});
    std::vector<int> out;
    for (int step = 0; step < steps; ++step) {
        all_logits.push_back(logits);
        const int next = int(std::max_element(logits.begin(), logits.end()) - logits.begin());
        out.push_back(next);
        model.forward(session, &next, 1, logits.data(), false, RunConfig{});
    }
    return out;
}

}  // namespace

class TestGpuTier : public QObject {
    Q_OBJECT

private slots:
    void decoders_match_the_quant_reference() {
        for (int code = 0; code < 256; ++code) {
            QVERIFY2(same_value(dm::fp8_e4m3(uint8_t(code)), fp8_e4m3_table()[code]), qPrintable(QString::number(code)));
            QVERIFY(same_value(dm::fp8_e4m3(uint8_t(code)), fp8_e4m3_to_f32_scalar(uint8_t(code))));
            QVERIFY(same_value(dm::e8m0(uint8_t(code)), e8m0_to_f32(uint8_t(code))));
        }
        for (int nibble = 0; nibble < 16; ++nibble)
            QVERIFY(same_value(dm::e2m1(uint8_t(nibble)), e2m1_to_f32(uint8_t(nibble))));
        for (uint32_t bits : {0u, 0x3F80u, 0x8000u, 0xBF80u, 0x7F7Fu, 0x0001u, 0xC2F7u})
            QVERIFY(same_value(dm::bf16_widen(uint16_t(bits)), bf16_to_f32(uint16_t(bits))));
    }

    // The device's per-lane loop and warp reduction give the CPU kernels' bytes.
    void lane_order_matches_the_cpu_kernels_data() {
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("cols");
        QTest::addColumn<bool>("row_map");
        QTest::newRow("f32 ragged") << int(WeightFormat::F32) << 200 << false;
        QTest::newRow("bf16") << int(WeightFormat::BF16) << 256 << false;
        QTest::newRow("bf16 ragged") << int(WeightFormat::BF16) << 77 << false;
        QTest::newRow("fp8") << int(WeightFormat::FP8Block) << 512 << false;
        QTest::newRow("fp8 ragged, chunked grid") << int(WeightFormat::FP8Block) << 300 << true;
        QTest::newRow("mxfp4") << int(WeightFormat::MXFP4) << 256 << false;
    }
    void lane_order_matches_the_cpu_kernels() {
        QFETCH(int, format);
        QFETCH(int, cols);
        QFETCH(bool, row_map);
        std::mt19937 rng(format * 1000 + cols);
        const int rows = 150, batch = 3;
        RandomMatrix m = random_matrix(WeightFormat(format), rows, cols, row_map, rng);
        std::uniform_real_distribution<float> real(-2.0f, 2.0f);
        std::vector<float> x(size_t(batch) * cols), y(size_t(batch) * rows);
        for (auto& v : x) v = real(rng);
        matmul(m.view, x.data(), batch, y.data());
        for (int b = 0; b < batch; ++b)
            for (int r = 0; r < rows; ++r) {
                const float device_way = warp_dot(m.view, r, &x[size_t(b) * cols]);
                QCOMPARE(bits_of(device_way), bits_of(dot_row(m.view, r, &x[size_t(b) * cols])));
                QCOMPARE(bits_of(device_way), bits_of(y[size_t(b) * rows + r]));
            }
    }

    void automatic_budget_keeps_the_reserve_and_work_space() {
        VramRequest request;
        request.free_bytes = 10'000'000'000;
        request.workspace_bytes = 500'000'000;
        const VramPlan plan = plan_vram(request, {}, 1000, {});
        QCOMPARE(plan.budget_bytes, 10'000'000'000 - 500'000'000 - kVramReserve);
        request.free_bytes = kVramReserve;  // a card with less than the reserve free holds nothing
        QCOMPARE(plan_vram(request, {100}, 10, {{1, 0}}).budget_bytes, uint64_t(0));
    }

    void user_budget_is_cut_to_what_is_free() {
        VramRequest request;
        request.free_bytes = 8'000'000'000;
        request.user_budget_bytes = 4'000'000'000;
        VramPlan plan = plan_vram(request, {}, 1000, {});
        QCOMPARE(plan.budget_bytes, uint64_t(4'000'000'000));
        QVERIFY(plan.note.empty());
        request.user_budget_bytes = 20'000'000'000;
        plan = plan_vram(request, {}, 1000, {});
        QCOMPARE(plan.budget_bytes, uint64_t(8'000'000'000));
        QVERIFY(plan.note.find("more than the device has free") != std::string::npos);
    }

    void dense_first_then_hottest_experts_within_the_budget() {
        VramRequest request;
        request.free_bytes = 1000;
        request.user_budget_bytes = 1000;
        const std::vector<std::pair<int, int>> order = {{3, 9}, {1, 4}, {2, 2}, {1, 0}, {5, 5}};
        // 600 fits, 500 does not after it, 150 does: 250 left for experts of 100 bytes.
        const VramPlan plan = plan_vram(request, {600, 500, 150}, 100, order);
        QCOMPARE(plan.dense, (std::vector<size_t>{0, 2}));
        QCOMPARE(plan.dense_bytes, uint64_t(750));
        QCOMPARE(plan.experts, (std::vector<std::pair<int, int>>{{3, 9}, {1, 4}}));
        QCOMPARE(plan.expert_bytes, uint64_t(200));
        // Dense matrices that do not fit leave the whole budget to experts.
        const VramPlan experts_only = plan_vram(request, {5000}, 100, order);
        QVERIFY(experts_only.dense.empty());
        QCOMPARE(experts_only.experts.size(), order.size());
    }

    void expert_order_is_hottest_first_then_spread_over_layers() {
        Checkpoint ckpt(kFixtures + "/tiny-mxfp4");
        const ModelConfig& c = ckpt.config();
        UsageHistory history(c.num_layers, c.n_routed_experts, 1);
        int moe = 0;
        while (!c.is_moe(moe)) ++moe;
        history.record(moe, 3, 50);
        history.record(moe, 1, 70);
        const auto order = vram_expert_order(c, &history);
        QCOMPARE(order.size(), size_t(c.moe_layer_count()) * c.n_routed_experts);
        QCOMPARE(order[0], std::make_pair(moe, 1));
        QCOMPARE(order[1], std::make_pair(moe, 3));
        // Then expert 0 of each MoE layer in turn, not all of one layer first.
        QCOMPARE(order[2].second, 0);
        QCOMPARE(order[3].second, 0);
        QVERIFY(order[2].first != order[3].first);
        for (const auto& [l, e] : order) QVERIFY(c.is_moe(l));
    }

    // The plan's size of an expert covers its released bytes plus at most the
    // alignment of its six arrays.
    void expert_device_bytes_cover_the_released_bytes() {
        Checkpoint ckpt(kFixtures + "/tiny-mxfp4");
        int moe = 0;
        while (!ckpt.config().is_moe(moe)) ++moe;
        const uint64_t released = locate_expert(ckpt, ExpertFormat::MXFP4, moe, 0).total_bytes;
        const uint64_t on_device = expert_device_bytes(ckpt.config(), ExpertFormat::MXFP4);
        QVERIFY(on_device >= released);
        QVERIFY(on_device < released + 6 * kVramAlignment);
    }

    void model_side_of_the_device_path_keeps_router_order_data() {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("tiny-mxfp4") << "tiny-mxfp4";
        QTest::newRow("tiny-fp8") << "tiny-fp8";
    }
    void model_side_of_the_device_path_keeps_router_order() {
        QFETCH(QString, fixture);
        const std::string dir = kFixtures + "/" + fixture.toStdString();
        Model cpu(dir, ModelOptions{});
        std::set<std::pair<int, int>> held;  // every other expert: each block mixes both sides
        for (int l = 0; l < cpu.config().num_layers; ++l)
            for (int e = 0; e < cpu.config().n_routed_experts; e += 2) held.insert({l, e});
        HostVramTier tier(dir, held);
        ModelOptions options;
        options.store.vram = &tier;
        Model hosted(dir, options);
        std::vector<std::vector<float>> cpu_logits, hosted_logits;
        QCOMPARE(greedy(hosted, 6, hosted_logits), greedy(cpu, 6, cpu_logits));
        for (size_t step = 0; step < cpu_logits.size(); ++step)
            QVERIFY(std::memcmp(cpu_logits[step].data(), hosted_logits[step].data(), cpu_logits[step].size() * 4) == 0);
        QVERIFY(tier.launches > 0);
        QVERIFY(hosted.experts().stats().vram_hits > 0);
        QVERIFY(hosted.experts().stats().misses < cpu.experts().stats().misses);
    }

    void pins_skip_experts_the_vram_tier_holds() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        HostVramTier tier(dir, {{1, 0}, {1, 2}});
        ModelOptions options;
        options.store.vram = &tier;
        options.store.pins = {{1, 0}, {1, 1}, {1, 2}, {2, 3}};
        Model model(dir, options);
        const std::vector<std::pair<int, int>> expected{{1, 1}, {2, 3}};
        QCOMPARE(model.experts().pins(), expected);
        QCOMPARE(model.experts().tier_of(1, 0), ExpertTier::Vram);
        QCOMPARE(model.experts().tier_of(1, 1), ExpertTier::Pinned);
    }

    void without_a_device_the_cpu_path_runs_and_says_why() {
        const GpuDevice device = probe_gpu();
        if (device.usable) QSKIP("a CUDA device is present: the no-device path cannot be reached here");
        QVERIFY(!device.why_not.empty());
        ModelOptions options;
        options.gpu.enabled = true;
        Model model(kFixtures + "/tiny-mxfp4", options);
        QVERIFY(model.gpu() == nullptr);
        QVERIFY(model.exact_output(ExpertTrim{}));
        QVERIFY(model.gpu_label().empty());
        QCOMPARE(model.device_matmuls(), uint64_t(0));
        QVERIFY(model.gpu_note().find("running on the CPU: " + device.why_not) != std::string::npos);
    }

    void vram_flag_without_a_device_is_ignored_with_the_reason() {
        const GpuDevice device = probe_gpu();
        if (device.usable) QSKIP("a CUDA device is present: --vram is honoured here");
        QProcess p;
        p.start(PENG_CLI_PATH, {"run", QString::fromStdString(kFixtures + "/tiny-mxfp4"), "--tokens", "3,17,42", "--ngen",
                                "2", "--vram", "4", "--history", "none", "--json"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains("--vram is ignored: " + QString::fromStdString(device.why_not)), qPrintable(err));
        const auto report = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        QCOMPARE(report.at("exact").get<bool>(), true);
        QVERIFY(!report.contains("gpu"));
    }

    // --- on a device ---

    void greedy_tokens_match_the_cpu_path_data() {
        QTest::addColumn<QString>("fixture");
        // VRAM for the dense part (its RAM size, which includes the embedding the device
        // does not take) plus this many experts; 0 = automatic (everything fits).
        QTest::addColumn<int>("budget_experts");
        QTest::newRow("tiny-mxfp4") << "tiny-mxfp4" << 0;
        QTest::newRow("tiny-fp8") << "tiny-fp8" << 0;
        QTest::newRow("pro-tiny") << "pro-tiny" << 0;
        // Part of each layer on the device, the rest on the CPU in the same block.
        QTest::newRow("tiny-mxfp4, few experts on the device") << "tiny-mxfp4" << 6;
        QTest::newRow("tiny-fp8, few experts on the device") << "tiny-fp8" << 6;
    }
    void greedy_tokens_match_the_cpu_path() {
        QFETCH(QString, fixture);
        QFETCH(int, budget_experts);
        const GpuDevice device = probe_gpu();
        if (!device.usable) QSKIP(qPrintable("no CUDA device: " + QString::fromStdString(device.why_not)));
        const std::string dir = kFixtures + "/" + fixture.toStdString();
        Model cpu(dir, ModelOptions{});
        ModelOptions options;
        options.gpu.enabled = true;
        if (budget_experts > 0)
            options.gpu.budget_bytes = cpu.dense_resident_bytes() +
                                       uint64_t(budget_experts) * expert_device_bytes(cpu.config(), cpu.expert_format());
        Model gpu(dir, options);
        QVERIFY2(gpu.gpu() != nullptr, gpu.gpu_note().c_str());
        qInfo("%s", gpu.gpu_note().c_str());
        const int all_experts = cpu.config().moe_layer_count() * cpu.config().n_routed_experts;
        if (budget_experts == 0) {
            QCOMPARE(gpu.gpu()->experts_held(), all_experts);
            QVERIFY(gpu.gpu()->dense_held() > 0);
        } else {
            QVERIFY(gpu.gpu()->experts_held() >= budget_experts);
            QVERIFY(gpu.gpu()->experts_held() < all_experts);
        }
        QVERIFY(!gpu.exact_output(ExpertTrim{}));
        QCOMPARE(gpu.gpu_label(), std::string(kGpuOutputLabel));

        std::vector<std::vector<float>> cpu_logits, gpu_logits;
        const std::vector<int> cpu_tokens = greedy(cpu, 16, cpu_logits);
        const std::vector<int> gpu_tokens = greedy(gpu, 16, gpu_logits);
        QCOMPARE(gpu_tokens, cpu_tokens);
        QVERIFY(gpu.device_matmuls() > 0);
        QVERIFY(gpu.experts().stats().vram_hits > 0);
        for (size_t step = 0; step < cpu_logits.size(); ++step) {
            const auto [lo, hi] = std::minmax_element(cpu_logits[step].begin(), cpu_logits[step].end());
            const double range = double(*hi) - double(*lo);
            for (size_t i = 0; i < cpu_logits[step].size(); ++i)
                QVERIFY2(std::fabs(double(gpu_logits[step][i]) - double(cpu_logits[step][i])) <= 1e-4 * range,
                         qPrintable(QString("step %1 logit %2").arg(step).arg(i)));
        }
    }

    // Dense products have no silu: the device follows the CPU's order to the byte.
    void dense_matmul_on_the_device_is_byte_identical() {
        const GpuDevice device = probe_gpu();
        if (!device.usable) QSKIP(qPrintable("no CUDA device: " + QString::fromStdString(device.why_not)));
        std::string why_not;
        auto tier = open_gpu_tier(64 << 20, 256, 128, why_not);
        QVERIFY2(tier != nullptr, why_not.c_str());
        std::mt19937 rng(7);
        for (WeightFormat f : {WeightFormat::BF16, WeightFormat::FP8Block, WeightFormat::MXFP4}) {
            RandomMatrix m = random_matrix(f, 300, 256, f == WeightFormat::FP8Block, rng);
            QVERIFY(tier->add_dense(m.view));
            std::vector<float> x(2 * 256), cpu(2 * 300), gpu(2 * 300);
            std::uniform_real_distribution<float> real(-2.0f, 2.0f);
            for (auto& v : x) v = real(rng);
            matmul(m.view, x.data(), 2, cpu.data());
            tier->matmul(m.view, x.data(), 2, gpu.data());
            QVERIFY(std::memcmp(cpu.data(), gpu.data(), cpu.size() * 4) == 0);
        }
        QCOMPARE(tier->device_matmuls(), uint64_t(3));
    }
};

QTEST_MAIN(TestGpuTier)
#include "test_gpu_tier.moc"
