// The expert cache's memory is faulted in before decode (experts/slot_pool.h): the
// pool really touches its pages, hands each buffer out once, gives untaken ones back
// to the memory guard first, pins reuse the memory of the pins they replace, and no
// logit changes whichever memory an expert lands in.
#include <QtTest>

#include <cstring>

#include "checkpoint/checkpoint.h"
#include "checkpoint/inventory.h"
#include "experts/expert_store.h"
#include "experts/slot_pool.h"
#include "model/model.h"
#include "plan/memory_probe.h"

using namespace peng;

namespace {

const std::string kTiny = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

std::vector<float> logits(const ModelOptions& options) {
    Model model(kTiny, options);
    const int vocab = model.config().vocab_size, n = 24;
    std::vector<int> ids(n);
    for (int i = 0; i < n; ++i) ids[size_t(i)] = (i * 37 + 11) % 300;
    std::vector<float> out(size_t(n) * size_t(vocab));
    Session session(model.config());
    for (int at = 0; at < n; at += 8) model.forward(session, &ids[size_t(at)], 8, &out[size_t(at) * size_t(vocab)], true, RunConfig{});
    return out;
}

// A store over `ckpt` with `cap` slots per layer and a pool of `buffers` slots.
std::unique_ptr<ExpertStore> pooled_store(const Checkpoint& ckpt, int cap, size_t buffers) {
    const ExpertFormat format = detect_expert_format(ckpt);
    ExpertStoreOptions o;
    o.cap_per_layer = cap;
    return std::make_unique<ExpertStore>(
        ckpt, format, o, std::make_unique<SlotPool>(ExpertStore::slot_bytes_of(ckpt, format), buffers));
}

}  // namespace

class TestSlotPool : public QObject {
    Q_OBJECT

private slots:
    void pages_are_touched_before_use() {
        // 48 MiB in 12 buffers: resident before anything reads into them.
        const uint64_t bytes = 4ull << 20;
        const uint64_t before = current_rss_bytes();
        SlotPool pool(bytes, 12, 2);
        size_t last = 0;
        bool increasing = true;
        pool.wait([&](size_t done, size_t total) {
            increasing = increasing && done >= last && total == 12;
            last = done;
        });
        QVERIFY(increasing);
        QCOMPARE(last, size_t(12));
        QCOMPARE(pool.warmed(), size_t(12));
        const uint64_t grown = current_rss_bytes() - before;
        QVERIFY2(grown >= 12 * bytes * 9 / 10, qPrintable(QString("RSS grew %1 bytes").arg(grown)));
        QVERIFY(pool.warm_seconds() > 0);
    }

    void buffers_are_handed_out_once() {
        SlotPool pool(1 << 20, 3, 1);
        QCOMPARE(pool.left(), size_t(3));
        std::vector<AlignedBuffer> taken;
        for (int i = 0; i < 3; ++i) {
            taken.push_back(pool.take());
            QVERIFY(taken.back().size() >= (1u << 20));
        }
        QVERIFY(taken[0].data() != taken[1].data() && taken[1].data() != taken[2].data());
        QCOMPARE(pool.take().size(), uint64_t(0));  // used up: the store allocates as before
        QCOMPARE(pool.left(), size_t(0));
    }

    void release_frees_untaken_buffers() {
        SlotPool pool(1 << 20, 4, 1);
        QVERIFY(pool.release(1) >= (1u << 20));
        QCOMPARE(pool.left(), size_t(3));
        QVERIFY(pool.release(100u << 20) >= (3u << 20));
        QCOMPARE(pool.left(), size_t(0));
        QCOMPARE(pool.release(1), uint64_t(0));
    }

    void empty_pool_is_harmless() {
        SlotPool none(0, 5);
        QCOMPARE(none.left(), size_t(0));
        QCOMPARE(none.take().size(), uint64_t(0));
        none.wait({});
    }

    void store_fills_slots_from_the_pool() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        auto owned = pooled_store(ckpt, 6, 4);
        ExpertStore& store = *owned;
        QCOMPARE(ExpertStore::slot_bytes_of(ckpt, detect_expert_format(ckpt)), store.slot_bytes());
        QCOMPARE(store.slot_pool()->left(), size_t(4));
        QCOMPARE(store.request(layer, {0, 1, 2}), size_t(3));
        for (int e : {0, 1, 2}) store.wait(layer, e);
        store.release(layer);
        QCOMPARE(store.slot_pool()->left(), size_t(1));
        // Past the pool, slots are allocated when read, up to the cap.
        QCOMPARE(store.request(layer, {3, 4, 5}), size_t(3));
        for (int e : {3, 4, 5}) store.wait(layer, e);
        store.release(layer);
        QCOMPARE(store.slot_pool()->left(), size_t(0));
        QCOMPARE(store.resident_slots(), 6);
    }

    void pins_reuse_the_memory_of_pins_they_replace() {
        Checkpoint ckpt(kTiny);
        const int layer = ckpt.config().first_moe_layer();
        auto owned = pooled_store(ckpt, 2, 3);
        ExpertStore& store = *owned;
        store.set_pins({{layer, 0}, {layer, 1}});
        QCOMPARE(store.slot_pool()->left(), size_t(1));
        store.set_pins({{layer, 1}, {layer, 5}});  // 0 leaves, 5 comes in its memory
        QCOMPARE(store.slot_pool()->left(), size_t(1));
        QCOMPARE(store.tier_of(layer, 5), ExpertTier::Pinned);
        QCOMPARE(store.tier_of(layer, 0), ExpertTier::Disk);
    }

    void guard_takes_the_pool_first_and_lowers_the_caps() {
        Checkpoint ckpt(kTiny);
        const ModelConfig& c = ckpt.config();
        const size_t layers = size_t(c.moe_layer_count());
        auto owned = pooled_store(ckpt, 4, 4 * layers);
        ExpertStore& store = *owned;
        const int layer = c.first_moe_layer();
        store.request(layer, {0});
        store.wait(layer, 0);
        store.release(layer);
        // Half the untaken buffers go back; no slot is dropped; each layer may grow
        // into its share of what is left, no further.
        const size_t untaken = store.slot_pool()->left();
        const uint64_t freed = store.trim_slots(untaken / 2 * store.slot_bytes());
        QVERIFY(freed >= untaken / 2 * store.slot_bytes());
        QCOMPARE(store.resident_slots(), 1);
        const size_t share = store.slot_pool()->left() / layers;
        QCOMPARE(store.cap(layer), int(std::min<size_t>(4, 1 + share)));
    }

    void pool_never_changes_logits() {
        ModelOptions plain;
        plain.store.cap_per_layer = 3;
        const auto reference = logits(plain);
        for (int warm : {1, 3, 64}) {
            ModelOptions pooled = plain;
            pooled.store.warm_slots_per_layer = warm;
            const auto got = logits(pooled);
            QVERIFY2(got.size() == reference.size() &&
                         std::memcmp(got.data(), reference.data(), got.size() * sizeof(float)) == 0,
                     qPrintable(QString("warm %1").arg(warm)));
        }
    }

    void model_warms_the_budgets_slots() {
        ModelOptions o;
        o.store.cap_per_layer = 5;
        o.store.warm_slots_per_layer = 3;
        Model model(kTiny, o);
        const SlotPool* pool = model.experts().slot_pool();
        QVERIFY(pool);
        QCOMPARE(pool->count(), size_t(3 * model.config().moe_layer_count()));
        // The plan's pins draw on the pool too, so they do not leave slots to fault.
        o.store.warm_pins = 4;
        Model with_pins(kTiny, o);
        QCOMPARE(with_pins.experts().slot_pool()->count(), size_t(3 * model.config().moe_layer_count() + 4));
        o.store.warm_slots_per_layer = 100;  // never past the cap
        QCOMPARE(warm_slots_per_layer(o.store, model.config()), 5);
        o.store.cap_per_layer = 0;  // every expert
        QCOMPARE(warm_slots_per_layer(o.store, model.config()), model.config().n_routed_experts);
    }
};

QTEST_APPLESS_MAIN(TestSlotPool)
#include "test_slot_pool.moc"
