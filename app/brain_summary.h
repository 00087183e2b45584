#pragma once
// The brain in words, for screen readers: where the experts live (a count per
// tier), how many are lit, the hottest layers and the hottest experts. Computed
// from one BrainFrame; BrainModel refreshes it at a modest rate, not per frame.
#include <QList>
#include <QString>
#include <array>

#include "brain_frame.h"

struct HotExpert {
    int layer = 0;
    int expert = 0;
    BrainTier tier = BrainTier::Disk;
    float heat = 0;
};

struct BrainSummary {
    int layers = 0;
    int experts = 0;
    // Routed experts per tier, indexed by BrainTier (Vram..Disk, and Remote); Dense is not counted.
    std::array<int, int(BrainTier::Remote) + 1> per_tier{};
    int dense_layers = 0;
    int lit = 0;                    // experts flashing now (routed a moment ago)
    QList<int> hottest_layers;      // by summed heat, hottest first; layers with no heat left out
    QList<HotExpert> hottest;       // by heat, hottest first; ties by layer, then expert

    static constexpr int kHottestLayers = 3;
    static constexpr int kHottestExperts = 10;

    static BrainSummary of(const BrainFrame& frame, int lit);
    // One paragraph, translated (context "BrainSummary").
    QString text() const;
    static QString tierName(BrainTier tier);
};
