// The brain's text alternative: counts per tier, hottest layers and experts,
// the sentence a screen reader reads, and its modest refresh rate.
#include <QSignalSpy>
#include <QtTest>

#include "brain_model.h"
#include "brain_summary.h"

namespace {

// Layers x experts, every routed expert on disk, layer `dense` (if >= 0) dense.
BrainFrame frame(int layers, int experts, int dense = -1) {
    BrainFrame f;
    f.layers = layers;
    f.experts = experts;
    const size_t n = size_t(layers) * size_t(experts);
    f.tier.assign(n, uint8_t(BrainTier::Disk));
    f.heat.assign(n, 0.f);
    f.routed.assign(n, 0);
    f.fresh.assign(n, 0);
    if (dense >= 0)
        for (int e = 0; e < experts; ++e) f.tier[f.index(dense, e)] = uint8_t(BrainTier::Dense);
    return f;
}

}  // namespace

class TestBrainSummary : public QObject {
    Q_OBJECT
private slots:
    void countsTiersAndRanksTheHottest() {
        BrainFrame f = frame(4, 5, 0);
        f.tier[f.index(1, 0)] = uint8_t(BrainTier::Vram);
        f.tier[f.index(1, 1)] = uint8_t(BrainTier::Pinned);
        f.tier[f.index(2, 2)] = uint8_t(BrainTier::Slot);
        f.tier[f.index(3, 3)] = uint8_t(BrainTier::Slot);
        f.heat[f.index(3, 3)] = 4.f;   // the hottest expert
        f.heat[f.index(2, 4)] = 1.f;
        f.heat[f.index(2, 1)] = 1.f;   // ties with (2,4): the lower expert first
        f.heat[f.index(1, 0)] = 0.5f;

        const BrainSummary s = BrainSummary::of(f, 3);
        QCOMPARE(s.dense_layers, 1);
        QCOMPARE(s.per_tier[size_t(BrainTier::Vram)], 1);
        QCOMPARE(s.per_tier[size_t(BrainTier::Pinned)], 1);
        QCOMPARE(s.per_tier[size_t(BrainTier::Slot)], 2);
        QCOMPARE(s.per_tier[size_t(BrainTier::Disk)], 15 - 4);
        QCOMPARE(s.per_tier[size_t(BrainTier::Remote)], 0);
        QCOMPARE(s.hottest_layers, (QList<int>{3, 2, 1}));
        QCOMPARE(s.hottest.size(), 4);
        QCOMPARE(s.hottest[0].layer, 3);
        QCOMPARE(s.hottest[0].expert, 3);
        QCOMPARE(s.hottest[0].tier, BrainTier::Slot);
        QCOMPARE(s.hottest[1].expert, 1);
        QCOMPARE(s.hottest[2].expert, 4);
        QCOMPARE(s.hottest[3].tier, BrainTier::Vram);

        const QString text = s.text();
        QVERIFY2(text.contains(QStringLiteral("4 layers of 5 experts, 1 of them dense")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("1 in VRAM, 1 in pinned RAM, 2 in RAM slots, 11 on disk")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Experts lit now: 3.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Hottest layers: 3, 2, 1.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("layer 3, expert 3, in RAM slot, heat 4.0")), qPrintable(text));
    }

    void keepsOnlyTheTenHottest() {
        BrainFrame f = frame(2, 20);
        for (int e = 0; e < 20; ++e) f.heat[f.index(1, e)] = float(e + 1);
        const BrainSummary s = BrainSummary::of(f, 0);
        QCOMPARE(s.hottest.size(), BrainSummary::kHottestExperts);
        QCOMPARE(s.hottest.first().expert, 19);
        QCOMPARE(s.hottest.last().expert, 10);
        QCOMPARE(s.hottest_layers, QList<int>{1});  // layer 0 has no heat
        QVERIFY(s.text().contains(QStringLiteral("Nothing lit now.")));
    }

    void saysWhenNothingRoutedOrNoModel() {
        QVERIFY(BrainSummary::of(frame(3, 4), 0).text().contains(QStringLiteral("No expert has been routed yet.")));
        QCOMPARE(BrainSummary::of(BrainFrame{}, 0).text(), QStringLiteral("No model open: the brain is empty."));
        // A damaged frame (tiers missing) summarises as empty, never reads past the vector.
        BrainFrame broken = frame(3, 4);
        broken.tier.resize(5);
        QCOMPARE(BrainSummary::of(broken, 0).layers, 0);
    }

    void saysRemoteExpertsLiveOnTheServer() {
        BrainFrame f = frame(2, 3);
        std::fill(f.tier.begin(), f.tier.end(), uint8_t(BrainTier::Remote));
        const QString text = BrainSummary::of(f, 0).text();
        QVERIFY2(text.contains(QStringLiteral("All 6 routed experts live on the remote server.")), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("VRAM")));
    }

    void modelRefreshesAtAModestRate() {
        BrainModel model;
        QSignalSpy spy(&model, &BrainModel::summaryChanged);
        BrainFrame f = frame(2, 4);
        f.heat[f.index(1, 2)] = 2.f;
        f.fresh[f.index(1, 2)] = 1;
        model.apply(f);
        QCOMPARE(spy.count(), 1);  // the first frame is said at once
        QVERIFY(model.summary().contains(QStringLiteral("Experts lit now: 1.")));
        QCOMPARE(model.hottestExperts().size(), 1);
        QCOMPARE(model.hottestExperts()[0].toMap()[QStringLiteral("expert")].toInt(), 2);

        // Thirty frames in quick succession: nothing new is said until the interval ends.
        for (int i = 0; i < 30; ++i) {
            f.heat[f.index(1, 3)] = float(i + 1);
            model.apply(f);
        }
        QCOMPARE(spy.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(spy.count(), 2, 3 * BrainModel::kSummaryIntervalMs);
        QCOMPARE(model.hottestExperts()[0].toMap()[QStringLiteral("expert")].toInt(), 3);  // the last frame's
        QCOMPARE(model.hottestExperts()[0].toMap()[QStringLiteral("heat")].toDouble(), 30.0);

        model.clear();
        QCOMPARE(model.summary(), QStringLiteral("No model open: the brain is empty."));
        QVERIFY(model.hottestExperts().isEmpty());
    }
};

QTEST_MAIN(TestBrainSummary)
#include "test_brain_summary.moc"
