// The brain's state: routing folded on the worker side (heat, flashes, tier
// counts), published at most ~30 times a second, and turned into colours.
#include <QtTest>

#include "brain_model.h"
#include "routing_folder.h"
#include "tier_palette.h"

using Clock = RoutingFolder::Clock;
using namespace std::chrono_literals;

namespace {

std::vector<peng::RoutedExpert> route(std::initializer_list<int> experts) {
    std::vector<peng::RoutedExpert> r;
    for (int e : experts) r.push_back({e, 1.0f / float(experts.size())});
    return r;
}

// Three layers (0 dense), four experts; expert 2 of layer 1 lives in a RAM slot.
struct Fixture {
    std::vector<BrainFrame> frames;
    RoutingFolder folder;
    explicit Fixture(std::chrono::milliseconds interval)
        : folder({false, true, true}, 4,
                 [](int l, int e) { return l == 1 && e == 2 ? BrainTier::Slot : BrainTier::Disk; },
                 [this](BrainFrame&& f) { frames.push_back(std::move(f)); }, interval) {}
    void row(int position, std::initializer_list<int> l1, std::initializer_list<int> l2) {
        folder.on_routing(1, position, route(l1), {});
        folder.on_routing(2, position, route(l2), {});
    }
};

}  // namespace

class TestBrainState : public QObject {
    Q_OBJECT
private slots:
    void foldsHeatFlashesAndTiers() {
        Fixture f(1h);
        f.row(0, {2, 3}, {0});
        QCOMPARE(f.frames.size(), size_t(1));  // the first frame goes out at once
        const BrainFrame& a = f.frames[0];
        QCOMPARE(a.layers, 3);
        QCOMPARE(a.experts, 4);
        QCOMPARE(a.tier[a.index(0, 1)], uint8_t(BrainTier::Dense));
        QCOMPARE(a.tier[a.index(1, 2)], uint8_t(BrainTier::Slot));
        QCOMPARE(a.tier_counts[int(BrainTier::Slot)], 1);
        QCOMPARE(a.tier_counts[int(BrainTier::Disk)], 7);
        QCOMPARE(a.tier_counts[int(BrainTier::Vram)] + a.tier_counts[int(BrainTier::Pinned)], 0);
        QCOMPARE(a.fresh[a.index(1, 2)], uint8_t(1));
        QCOMPARE(a.routed[a.index(1, 2)], 1u);

        f.row(1, {2}, {1});
        f.folder.publish_now(Clock::now() + 2h);
        const BrainFrame& b = f.frames.back();
        QCOMPARE(b.tokens, uint64_t(2));
        QCOMPARE(b.routed[b.index(1, 2)], 2u);
        // Expert 3 cooled for one row; expert 2 cooled and was routed again.
        QCOMPARE(b.heat[b.index(1, 3)], RoutingFolder::kHeatDecayPerRow);
        QCOMPARE(b.heat[b.index(1, 2)], RoutingFolder::kHeatDecayPerRow + 1.0f);
        // Fresh marks only what was routed since the previous frame.
        QCOMPARE(b.fresh[b.index(1, 3)], uint8_t(0));
        QCOMPARE(b.fresh[b.index(2, 1)], uint8_t(1));
        QCOMPARE(b.fresh[b.index(1, 0)], uint8_t(0));  // never routed
    }

    void publishesAtMostThirtyTimesASecond() {
        Fixture f(33ms);
        const Clock::time_point start = Clock::now() + 1h;  // ahead of the real clock the callbacks use
        f.row(0, {0}, {0});
        const size_t before = f.frames.size();
        // One simulated second of routing at 1 kHz, each event offering a frame.
        for (int ms = 0; ms < 1000; ++ms) {
            f.row(ms + 1, {ms % 4}, {(ms + 1) % 4});
            f.folder.maybe_publish(start + std::chrono::milliseconds(ms));
        }
        const size_t published = f.frames.size() - before;
        QVERIFY2(published >= 29 && published <= 32, qPrintable(QString::number(published)));
        // Nothing new to say: no frame however much time passes.
        f.folder.maybe_publish(start + 5s);
        const size_t settled = f.frames.size();
        f.folder.maybe_publish(start + 10s);
        QCOMPARE(f.frames.size(), settled);
    }

    void modelFlashesFadeAndColoursFollowThePalette() {
        Fixture f(1h);
        f.row(0, {2}, {1});
        BrainModel model;
        model.apply(f.frames.back());
        QCOMPARE(model.layers(), 3);
        QCOMPARE(model.tierCounts().at(int(BrainTier::Slot)).toInt(), 1);
        QCOMPARE(model.flash(1, 2), 1.0f);
        QCOMPARE(model.flash(1, 0), 0.0f);
        QCOMPARE(model.colorImage().pixel(2, 1), TierPalette::cell(BrainTier::Slot, 1.0f, 1.0f));
        model.advance(BrainModel::kFlashHalfLife);
        QVERIFY(qAbs(model.flash(1, 2) - 0.5f) < 1e-4f);
        model.advance(10.0);
        QCOMPARE(model.flash(1, 2), 0.0f);
        QCOMPARE(model.activeExperts(), 0);
        QCOMPARE(model.colorImage().pixel(2, 1), TierPalette::cell(BrainTier::Slot, 1.0f, 0.0f));
        QCOMPARE(model.colorImage().pixel(0, 0), TierPalette::cell(BrainTier::Dense, 0.0f, 0.0f));
        QCOMPARE(model.colorImage().pixel(0, 2), TierPalette::cell(BrainTier::Disk, 0.0f, 0.0f));
        // Hover: layer 1, expert 2 sits at x in [2/4, 3/4), y in [1/3, 2/3).
        const QVariantMap cell = model.cellAt(0.6, 0.5);
        QCOMPARE(cell.value("layer").toInt(), 1);
        QCOMPARE(cell.value("expert").toInt(), 2);
        QCOMPARE(cell.value("tier").toInt(), int(BrainTier::Slot));
        QCOMPARE(cell.value("routed").toInt(), 1);
        QVERIFY(model.cellAt(0.1, 0.1).value("dense").toBool());
    }

    void brightnessRisesWithHeat() {
        QCOMPARE(TierPalette::brightness(0.0f), 0.35);
        QVERIFY(TierPalette::brightness(5.0f) > TierPalette::brightness(1.0f));
        QCOMPARE(TierPalette::brightness(1000.0f), 1.0);
    }
};

QTEST_MAIN(TestBrainState)
#include "test_brain_state.moc"
