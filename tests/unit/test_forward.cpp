// The exactness rule on generated checkpoints: logits are byte-identical across
// prefill block sizes, expert-cache sizes and thread counts; and corrupting the
// layout the release uses (a scale byte, the qkv chunk order, the per-chunk scale
// grid) must change them, which proves these tests can catch layout mistakes.
#include <QtTest>

#include <omp.h>
#include <unistd.h>
#include <fcntl.h>

#include <cstring>
#include <filesystem>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "checkpoint/safetensors.h"
#include "util/error.h"
#include "model/model.h"
#include "quant/qkv_layout.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = PENG_FIXTURE_DIR;

std::vector<int> test_tokens(int count) {
    std::vector<int> tokens(count);
    uint32_t state = 12345;
    for (auto& t : tokens) {
        state = state * 1664525u + 1013904223u;
        t = static_cast<int>((state >> 8) % 300);
    }
    return tokens;
}

std::vector<float> logits_for(const std::string& dir, const std::vector<int>& tokens, int block, int cap,
                              bool contiguous_grid = false) {
    ModelOptions options;
    options.store.cap_per_layer = cap;
    options.dense.force_contiguous_qkv_grid = contiguous_grid;
    Model model(dir, options);
    const int vocab = model.config().vocab_size;
    std::vector<float> logits(tokens.size() * size_t(vocab));
    Session session(model.config());
    for (size_t at = 0; at < tokens.size(); at += block) {
        const int count = static_cast<int>(std::min<size_t>(block, tokens.size() - at));
        model.forward(session, &tokens[at], count, &logits[at * vocab], true, RunConfig{});
    }
    return logits;
}

bool same_bytes(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0;
    for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, double(std::fabs(a[i] - b[i])));
    return worst;
}

// Overwrites bytes of one tensor in a copied checkpoint.
void patch_tensor(const std::string& dir, const std::string& name,
                  const std::function<void(std::vector<uint8_t>&)>& edit) {
    Checkpoint ckpt(dir);
    TensorRef ref = ckpt.find(name);
    std::vector<uint8_t> bytes(ref.info->bytes);
    ref.file->read(*ref.info, bytes.data());
    edit(bytes);
    int fd = ::open(ref.file->path().c_str(), O_WRONLY);
    QVERIFY(fd >= 0);
    QCOMPARE(::pwrite(fd, bytes.data(), bytes.size(), off_t(ref.info->offset)), ssize_t(bytes.size()));
    ::close(fd);
}

}  // namespace

class TestForward : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    const std::vector<int> tokens_ = test_tokens(200);  // crosses the 128-position window

    std::string copy_fixture(const std::string& name, const std::string& as) {
        const std::string to = (tmp_.path() + "/").toStdString() + as;
        fs::copy(kFixtures + "/" + name, to, fs::copy_options::recursive);
        return to;
    }

private slots:
    void block_sizes_give_identical_bytes_data() {
        QTest::addColumn<QString>("fixture");
        for (const char* f : {"tiny-mxfp4", "tiny-fp8", "pro-tiny"}) QTest::newRow(f) << QString(f);
    }
    void block_sizes_give_identical_bytes() {
        QFETCH(QString, fixture);
        const std::string dir = kFixtures + "/" + fixture.toStdString();
        const auto one = logits_for(dir, tokens_, 1, 0);
        QVERIFY(same_bytes(one, logits_for(dir, tokens_, 3, 0)));
        QVERIFY(same_bytes(one, logits_for(dir, tokens_, 64, 0)));
        for (float v : one) QVERIFY(std::isfinite(v));
    }
    void expert_cap_gives_identical_bytes() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        ModelOptions options;
        options.store.cap_per_layer = 8;
        Model evicting(dir, options);
        QCOMPARE(evicting.experts().cap(), 8);
        QVERIFY(same_bytes(logits_for(dir, tokens_, 64, 0), logits_for(dir, tokens_, 64, 8)));
        QVERIFY(same_bytes(logits_for(dir, tokens_, 1, 0), logits_for(dir, tokens_, 1, 1)));
    }
    void thread_count_gives_identical_bytes() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        omp_set_num_threads(1);
        const auto single = logits_for(dir, tokens_, 16, 0);
        omp_set_num_threads(2);
        const auto two = logits_for(dir, tokens_, 16, 0);
        omp_set_num_threads(omp_get_num_procs());
        QVERIFY(same_bytes(single, two));
    }
    void flipping_expert_scale_bytes_changes_logits() {
        const std::string dir = copy_fixture("tiny-mxfp4", "flip-scale");
        const auto before = logits_for(dir, tokens_, 64, 0);
        Checkpoint ckpt(dir);
        int layer = 1;
        while (!ckpt.config().is_moe(layer)) ++layer;
        for (int e = 0; e < ckpt.config().n_routed_experts; ++e)
            patch_tensor(dir, expert_prefix(layer, e) + "gate_proj.weight_scale", [](std::vector<uint8_t>& b) { b[0] ^= 0x04; });
        QVERIFY(max_abs_diff(before, logits_for(dir, tokens_, 64, 0)) > 1e-3);
    }
    void swapping_qkv_chunks_changes_logits() {
        const std::string dir = copy_fixture("tiny-mxfp4", "swap-chunks");
        const auto before = logits_for(dir, tokens_, 64, 0);
        Checkpoint ckpt(dir);
        const AttentionShape a = ckpt.config().attention(0);
        const int hidden = ckpt.config().hidden_size;
        const size_t chunk_bytes = size_t(a.qkv_rows() / ckpt.config().qkv_chunks()) * hidden;
        patch_tensor(dir, "model.layers.0.self_attn.qkv_proj.weight", [&](std::vector<uint8_t>& b) {
            std::swap_ranges(b.begin(), b.begin() + chunk_bytes, b.begin() + chunk_bytes);
        });
        QVERIFY(max_abs_diff(before, logits_for(dir, tokens_, 64, 0)) > 1e-3);
    }
    void contiguous_scale_grid_changes_logits() {
        const std::string dir = kFixtures + "/tiny-mxfp4";
        Checkpoint ckpt(dir);
        // The fixture must be one where the two grids differ (as on Flash full layers).
        const AttentionShape a = ckpt.config().attention(0);
        const auto scale_rows = ckpt.find("model.layers.0.self_attn.qkv_proj.weight_scale_inv").info->shape[0];
        QCOMPARE(make_qkv_layout(a, ckpt.config().qkv_chunks(), scale_rows, "qkv").grid, QkvScaleGrid::PerChunk);
        QVERIFY(scale_rows != uint64_t((a.qkv_rows() + 127) / 128));
        QVERIFY(max_abs_diff(logits_for(dir, tokens_, 64, 0), logits_for(dir, tokens_, 64, 0, true)) > 1e-3);
    }
    void out_of_vocabulary_token_is_an_error() {
        ModelOptions options;
        Model model(kFixtures + "/tiny-mxfp4", options);
        Session session(model.config());
        const int bad = model.config().vocab_size;
        QVERIFY_THROWS_EXCEPTION(std::exception, model.forward(session, &bad, 1, nullptr, false, RunConfig{}));
    }
    void truncated_session_continues_as_if_never_extended() {
        // A rejected speculative draft: positions run, then taken back. The sliding-window
        // layers (window 128 here) wrap their ring past 150 positions; `rollback` extra
        // slots keep what a truncation needs again. The logits after it are the bytes of a
        // session that never held the taken-back positions, and the ring's size changes
        // no byte.
        ModelOptions options;
        Model model(kFixtures + "/tiny-mxfp4", options);
        const int vocab = model.config().vocab_size, rollback = 4;
        const std::vector<int> first = test_tokens(150), other = {7, 250, 31, 9};
        auto run = [&](Session& session, const int* ids, int count) {
            std::vector<float> logits(size_t(count) * vocab);
            for (int at = 0; at < count; at += 32) {
                const int n = std::min(32, count - at);
                model.forward(session, ids + at, n, &logits[size_t(at) * vocab], true, RunConfig{});
            }
            return logits;
        };
        auto continued = [&](int kept) {  // a fresh session of first[0, kept) + other
            Session fresh(model.config());
            run(fresh, first.data(), kept);
            return run(fresh, other.data(), int(other.size()));
        };

        Session plain(model.config()), ringed(model.config(), rollback);
        QVERIFY(same_bytes(run(plain, first.data(), 150), run(ringed, first.data(), 150)));
        QCOMPARE(plain.earliest_truncation(), 150);  // no spare slot: nothing can be taken back
        QCOMPARE(ringed.earliest_truncation(), 150 - rollback);
        QVERIFY_THROWS_EXCEPTION(Error, ringed.truncate(150 - rollback - 1));
        QVERIFY_THROWS_EXCEPTION(Error, ringed.truncate(151));
        QVERIFY_THROWS_EXCEPTION(Error, plain.truncate(149));
        QCOMPARE(ringed.length, 150);  // a refused truncation changes nothing
        ringed.truncate(150 - rollback);
        QCOMPARE(ringed.length, 150 - rollback);
        QVERIFY(same_bytes(run(ringed, other.data(), int(other.size())), continued(150 - rollback)));

        // Before any ring wraps, every position can be taken back, with or without spare slots.
        Session young(model.config());
        run(young, first.data(), 60);
        QCOMPARE(young.earliest_truncation(), 0);
        young.truncate(10);
        QVERIFY(same_bytes(run(young, other.data(), int(other.size())), continued(10)));
    }
};

QTEST_APPLESS_MAIN(TestForward)
#include "test_forward.moc"
