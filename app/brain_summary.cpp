#include "brain_summary.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <numeric>

namespace {
QString tr(const char* text) { return QCoreApplication::translate("BrainSummary", text); }
}  // namespace

BrainSummary BrainSummary::of(const BrainFrame& frame, int lit) {
    BrainSummary s;
    s.lit = lit;
    if (frame.empty() || frame.tier.size() != size_t(frame.layers) * size_t(frame.experts)) return s;
    s.layers = frame.layers;
    s.experts = frame.experts;
    std::vector<double> layer_heat(size_t(frame.layers), 0.0);
    for (int l = 0; l < frame.layers; ++l) {
        if (frame.tier[frame.index(l, 0)] == uint8_t(BrainTier::Dense)) {
            ++s.dense_layers;
            continue;
        }
        for (int e = 0; e < frame.experts; ++e) {
            const int i = frame.index(l, e);
            const int t = frame.tier[i];
            if (t < int(s.per_tier.size())) ++s.per_tier[size_t(t)];
            const float h = i < int(frame.heat.size()) ? frame.heat[i] : 0.f;
            layer_heat[size_t(l)] += h;
            if (h > 0) s.hottest.append({l, e, BrainTier(t), h});
        }
    }
    const auto hotter = [](const HotExpert& a, const HotExpert& b) {
        if (a.heat != b.heat) return a.heat > b.heat;
        return a.layer != b.layer ? a.layer < b.layer : a.expert < b.expert;
    };
    const qsizetype keep = std::min<qsizetype>(kHottestExperts, s.hottest.size());
    std::partial_sort(s.hottest.begin(), s.hottest.begin() + keep, s.hottest.end(), hotter);
    s.hottest.resize(keep);

    std::vector<int> order(size_t(frame.layers));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return layer_heat[size_t(a)] > layer_heat[size_t(b)]; });
    for (int l : order) {
        if (s.hottest_layers.size() == kHottestLayers || layer_heat[size_t(l)] <= 0) break;
        s.hottest_layers.append(l);
    }
    return s;
}

QString BrainSummary::tierName(BrainTier tier) {
    switch (tier) {
    case BrainTier::Vram: return tr("VRAM");
    case BrainTier::Pinned: return tr("pinned RAM");
    case BrainTier::Slot: return tr("RAM slot");
    case BrainTier::Disk: return tr("disk");
    case BrainTier::Dense: return tr("dense layer");
    case BrainTier::Remote: return tr("remote server");
    }
    return {};
}

QString BrainSummary::text() const {
    if (layers == 0) return tr("No model open: the brain is empty.");
    QStringList parts;
    parts << tr("%1 layers of %2 experts, %3 of them dense.").arg(layers).arg(experts).arg(dense_layers);
    if (per_tier[size_t(BrainTier::Remote)] > 0) {
        parts << tr("All %1 routed experts live on the remote server.").arg(per_tier[size_t(BrainTier::Remote)]);
    } else {
        parts << tr("Where the experts live: %1 in VRAM, %2 in pinned RAM, %3 in RAM slots, %4 on disk.")
                     .arg(per_tier[size_t(BrainTier::Vram)])
                     .arg(per_tier[size_t(BrainTier::Pinned)])
                     .arg(per_tier[size_t(BrainTier::Slot)])
                     .arg(per_tier[size_t(BrainTier::Disk)]);
    }
    parts << (lit > 0 ? tr("Experts lit now: %1.").arg(lit) : tr("Nothing lit now."));
    if (hottest_layers.isEmpty()) {
        parts << tr("No expert has been routed yet.");
    } else {
        QStringList names;
        for (int l : hottest_layers) names << QString::number(l);
        parts << tr("Hottest layers: %1.").arg(names.join(QStringLiteral(", ")));
        const HotExpert& h = hottest.first();
        parts << tr("Hottest expert: layer %1, expert %2, in %3, heat %4.")
                     .arg(h.layer).arg(h.expert).arg(tierName(h.tier)).arg(double(h.heat), 0, 'f', 1);
    }
    return parts.join(QLatin1Char(' '));
}
