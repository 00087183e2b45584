// The expert memory hierarchy: eviction, pins, waves, the routing history, the
// planner's budgets, an injected read fault, and the rule that placement changes
// speed but never a byte of the logits.
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "experts/cache_replay.h"
#include "experts/expert_store.h"
#include "experts/usage_history.h"
#include "model/generate.h"
#include "model/model.h"
#include "plan/planner.h"
#include "plan/repin.h"
#include "util/error.h"

using namespace peng;
namespace fs = std::filesystem;

namespace {

const std::string kTiny = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

std::vector<int> tokens(int count) {
    std::vector<int> out(count);
    uint32_t state = 99;
    for (auto& t : out) {
        state = state * 1664525u + 1013904223u;
        t = static_cast<int>((state >> 8) % 300);
    }
    return out;
}

std::vector<float> logits_with(const std::string& dir, const ModelOptions& options, const std::vector<int>& ids,
                               int block = 16) {
    Model model(dir, options);
    const int vocab = model.config().vocab_size;
    std::vector<float> out(ids.size() * size_t(vocab));
    Session session(model.config());
    for (size_t at = 0; at < ids.size(); at += block) {
        const int n = static_cast<int>(std::min<size_t>(block, ids.size() - at));
        model.forward(session, &ids[at], n, &out[at * vocab], true);
    }
    return out;
}

bool same_bytes(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * 4) == 0;
}

int first_moe_layer(const ModelConfig& c) {
    for (int l = 0; l < c.num_layers; ++l)
        if (c.is_moe(l)) return l;
    return -1;
}

ModelSizes sizes_of(const Checkpoint& ckpt) {
    const InventoryReport r = check_inventory(ckpt, detect_expert_format(ckpt));
    return ModelSizes{r.dense_bytes, r.expert_bytes, r.expert_bytes + 8192, 1 << 20};
}

}  // namespace

class TestMemoryHierarchy : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private slots:
    void eviction_under_cap_8() {
        Checkpoint ckpt(kTiny);
        const int layer = first_moe_layer(ckpt.config());
        ExpertStoreOptions o;
        o.cap_per_layer = 8;
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        std::vector<int> first{0, 1, 2, 3, 4, 5, 6, 7};
        QCOMPARE(store.request(layer, first), size_t(8));
        for (int e : first) store.wait(layer, e);
        store.release(layer);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Slot);
        // Touch 1..7 again so expert 0 is the least recently used, then bring in 8.
        std::vector<int> again{1, 2, 3, 4, 5, 6, 7};
        QCOMPARE(store.request(layer, again), size_t(7));
        store.release(layer);
        QCOMPARE(store.request(layer, {8}), size_t(1));
        store.wait(layer, 8);
        store.release(layer);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Disk);
        QCOMPARE(store.tier_of(layer, 8), ExpertTier::Slot);
        QCOMPARE(store.stats().misses, uint64_t(9));
        QCOMPARE(store.stats().slot_hits, uint64_t(7));
        // A block wider than the cap is granted in waves.
        std::vector<int> wide{8, 9, 10, 11, 12, 13, 14, 15, 0, 1};
        QCOMPARE(store.request(layer, wide), size_t(8));
        store.release(layer);
    }
    void pin_and_unpin() {
        Checkpoint ckpt(kTiny);
        const int layer = first_moe_layer(ckpt.config());
        ExpertStoreOptions o;
        o.cap_per_layer = 2;
        o.pins = {{layer, 5}};
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Pinned);
        for (int e = 0; e < 6; ++e) {
            store.request(layer, {e});
            store.wait(layer, e);
            store.release(layer);
        }
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Pinned);  // never evicted
        QCOMPARE(store.stats().pinned_hits, uint64_t(1));
        store.set_pins({{layer, 3}});
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Disk);
        QCOMPARE(store.tier_of(layer, 3), ExpertTier::Pinned);
        store.set_pins({});
        QVERIFY(store.pins().empty());
    }
    void placement_never_changes_logits() {
        const auto ids = tokens(160);
        ModelOptions all;
        const auto reference = logits_with(kTiny, all, ids);
        Checkpoint ckpt(kTiny);
        const int layer = first_moe_layer(ckpt.config());

        ModelOptions one_slot;
        one_slot.store.cap_per_layer = 1;
        QVERIFY(same_bytes(reference, logits_with(kTiny, one_slot, ids)));
        ModelOptions pinned;
        pinned.store.cap_per_layer = 3;
        pinned.store.pins = {{layer, 0}, {layer, 1}, {layer, 2}, {layer + 1, 7}};
        QVERIFY(same_bytes(reference, logits_with(kTiny, pinned, ids)));
        ModelOptions prefetch_on;
        prefetch_on.store.cap_per_layer = 4;
        prefetch_on.prefetch = ModelOptions::Prefetch::On;
        QVERIFY(same_bytes(reference, logits_with(kTiny, prefetch_on, ids)));
        ModelOptions buffered;
        buffered.store.direct_io = false;
        buffered.store.io_threads = 1;
        QVERIFY(same_bytes(reference, logits_with(kTiny, buffered, ids)));

        // Budgets from the planner, smallest to all-resident.
        const ModelSizes sizes = sizes_of(ckpt);
        for (double extra_slots : {1.0, 3.0, 1000.0}) {
            PlanRequest request;
            request.context_tokens = 256;
            const Plan minimum = make_plan(ckpt.config(), sizes, PlanRequest{1ULL << 40, 0, 256, 64}, nullptr);
            request.ram_budget_bytes =
                minimum.minimum_bytes + uint64_t(extra_slots * sizes.slot_bytes * minimum.moe_layers);
            const Plan plan = make_plan(ckpt.config(), sizes, request, nullptr);
            ModelOptions budgeted;
            budgeted.store.cap_per_layer = plan.slots_per_layer;
            QVERIFY(same_bytes(reference, logits_with(kTiny, budgeted, ids)));
        }
    }
    void budget_refusal_names_the_minimum() {
        Checkpoint ckpt(kTiny);
        const ModelSizes sizes = sizes_of(ckpt);
        PlanRequest request;
        request.ram_budget_bytes = 1000;
        try {
            make_plan(ckpt.config(), sizes, request, nullptr);
            QFAIL("a 1000-byte budget was accepted");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("needs at least"), e.what());
        }
        request.ram_budget_bytes = 1ULL << 40;
        const Plan roomy = make_plan(ckpt.config(), sizes, request, nullptr);
        QVERIFY(roomy.all_resident);
        QCOMPARE(roomy.slots_per_layer, ckpt.config().n_routed_experts);
        request.ram_budget_bytes = roomy.minimum_bytes;
        const Plan tight = make_plan(ckpt.config(), sizes, request, nullptr);
        QVERIFY(!tight.all_resident);
        QCOMPARE(tight.slots_per_layer, 1);
        QVERIFY(tight.disk_bytes_per_token > 0);
    }
    void history_drives_pins() {
        Checkpoint ckpt(kTiny);
        const ModelConfig& c = ckpt.config();
        const int layer = first_moe_layer(c);
        UsageHistory history(c.num_layers, c.n_routed_experts, 7);
        history.record(layer, 9, 5000);
        history.record(layer, 4, 3000);
        history.record(layer + 1, 2, 10);
        PlanRequest request;
        const ModelSizes sizes = sizes_of(ckpt);
        request.ram_budget_bytes = make_plan(c, sizes, PlanRequest{1ULL << 40, 0, 4096, 64}, nullptr).minimum_bytes +
                                   uint64_t(4) * sizes.slot_bytes * c.moe_layer_count();
        const Plan plan = make_plan(c, sizes, request, &history);
        QVERIFY(!plan.pins.empty());
        QCOMPARE(plan.pins.front(), std::make_pair(layer, 9));
        QVERIFY(plan.expected_hit_rate > 0.5);
    }
    void history_file_round_trip_and_corruption() {
        const std::string path = (tmp_.path() + "/usage/history.bin").toStdString();
        UsageHistory written(4, 16, 1234);
        written.record(1, 3, 7);
        written.record(2, 15, 2);
        written.save(path);
        std::string warning;
        UsageHistory read(4, 16, 1234);
        QVERIFY(read.load(path, warning));
        QCOMPARE(read.count(1, 3), uint64_t(7));
        QCOMPARE(read.total(), uint64_t(9));

        UsageHistory foreign(4, 16, 999);
        QVERIFY(!foreign.load(path, warning));
        QVERIFY2(QString::fromStdString(warning).contains("another model"), warning.c_str());
        UsageHistory other_shape(5, 16, 1234);
        QVERIFY(!other_shape.load(path, warning));

        std::string bytes;
        {
            std::ifstream in(path, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        bytes[40] ^= 0x55;  // inside the counts
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
        UsageHistory corrupt(4, 16, 1234);
        QVERIFY(!corrupt.load(path, warning));
        QVERIFY2(QString::fromStdString(warning).contains("corrupt"), warning.c_str());
        QCOMPARE(corrupt.total(), uint64_t(0));  // nothing merged from a bad file
        std::ofstream(path, std::ios::binary | std::ios::trunc) << "garbage";
        QVERIFY(!corrupt.load(path, warning));
        QVERIFY(QString::fromStdString(warning).contains("not a Peng routing history"));
        QVERIFY(!fs::exists(path + ".tmp"));
    }
    void repin_has_hysteresis() {
        UsageHistory h(2, 8, 1);
        h.record(1, 0, 100);  // pinned, hot
        h.record(1, 1, 50);   // pinned, cooling
        h.record(1, 2, 55);   // outsider: only 10% more than expert 1, not enough
        auto pins = repin({{1, 0}, {1, 1}}, h, RepinPolicy{});
        QCOMPARE(pins, (std::vector<std::pair<int, int>>{{1, 0}, {1, 1}}));
        h.record(1, 2, 30);   // now 85 against 50: swap
        pins = repin({{1, 0}, {1, 1}}, h, RepinPolicy{});
        QCOMPARE(pins, (std::vector<std::pair<int, int>>{{1, 0}, {1, 2}}));
    }
    void injected_read_fault_fails_one_generation() {
        const std::string dir = (tmp_.path() + "/fault").toStdString();
        fs::copy(kTiny, dir, fs::copy_options::recursive);
        ModelOptions options;
        options.store.cap_per_layer = 1;
        options.store.io_threads = 2;
        Model model(dir, options);
        const std::vector<int> prompt = tokens(24);
        GenerateOptions g;
        g.max_new_tokens = 4;
        g.sampling.temperature = 0;
        Session clean(model.config());
        const GenerateResult expected = generate(model, clean, prompt, g);

        // Truncate an expert shard while the model is open: its experts' reads fail.
        const std::string shard = dir + "/model_pp0_ep1_shard0.safetensors";
        const auto size = fs::file_size(shard);
        std::string saved;
        {
            std::ifstream in(shard, std::ios::binary);
            saved.assign(std::istreambuf_iterator<char>(in), {});
        }
        fs::resize_file(shard, size / 2);
        Session broken(model.config());
        try {
            generate(model, broken, prompt, g);
            QFAIL("a truncated shard went unnoticed");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("model_pp0_ep1_shard0.safetensors"), e.what());
        }
        // Restore the file: the same engine works again and gives the same answer.
        std::ofstream(shard, std::ios::binary | std::ios::trunc) << saved;
        Session again(model.config());
        QCOMPARE(generate(model, again, prompt, g).tokens, expected.tokens);
    }
    void belady_bounds_lru() {
        // Two slots, one expert a step, cycling a b c: LRU always misses; the optimum
        // keeps one of the cycle and hits about every other step after warm-up.
        std::vector<std::vector<RoutingStep>> trace(2);
        for (int i = 0; i < 30; ++i) trace[1].push_back({i % 3});
        const CacheReplay r = replay_trace(trace, 2, {});
        QCOMPARE(r.requests, uint64_t(30));
        QCOMPARE(r.lru_hit_rate, 0.0);
        QVERIFY(r.belady_hit_rate >= 0.45);
        QCOMPARE(replay_trace(trace, 2, {{1, 0}, {1, 1}, {1, 2}}).lru_hit_rate, 1.0);  // pins always hit
        // On a real decode the replayed LRU matches the store's own hit count, and the
        // optimum is never below it.
        ModelOptions options;
        options.store.cap_per_layer = 12;
        Model model(kTiny, options);
        RoutingTraceRecorder recorder(model.config().num_layers);
        model.set_observer(&recorder);
        Session session(model.config());
        for (int id : tokens(40)) model.forward(session, &id, 1, nullptr, false);
        const CacheReplay replay = replay_trace(recorder.trace(), 12, {});
        QCOMPARE(replay.requests, model.experts().stats().hits() + model.experts().stats().misses);
        QCOMPARE(replay.lru_hit_rate, model.experts().stats().hit_rate());
        QVERIFY(replay.belady_hit_rate >= replay.lru_hit_rate);
    }
    void rss_guard_trims_slots() {
        Checkpoint ckpt(kTiny);
        ExpertStoreOptions o;
        ExpertStore store(ckpt, ExpertFormat::MXFP4, o);
        const int layer = first_moe_layer(ckpt.config());
        std::vector<int> all(ckpt.config().n_routed_experts);
        for (int e = 0; e < int(all.size()); ++e) all[e] = e;
        store.request(layer, all);
        for (int e : all) store.wait(layer, e);
        store.release(layer);
        const int before = store.resident_slots();
        QVERIFY(store.trim_slots(3 * store.slot_bytes()) >= 3 * store.expert_bytes());
        QVERIFY(store.resident_slots() <= before - 3);
        QVERIFY(store.cap(layer) < ckpt.config().n_routed_experts);
    }
};

QTEST_APPLESS_MAIN(TestMemoryHierarchy)
#include "test_memory_hierarchy.moc"
