#include "tier_palette.h"

#include <algorithm>
#include <cmath>

namespace TierPalette {

QColor color(BrainTier tier) {
    switch (tier) {
    case BrainTier::Vram: return QColor(0x3d, 0xdc, 0x97);    // green: on the GPU
    case BrainTier::Pinned: return QColor(0xc0, 0x8c, 0xff);  // violet: pinned in RAM
    case BrainTier::Slot: return QColor(0x4e, 0xa8, 0xff);    // blue: an LRU slot in RAM
    case BrainTier::Disk: return QColor(0x6b, 0x74, 0x86);    // grey: read from disk when needed
    case BrainTier::Dense: return QColor(0x3a, 0x32, 0x24);   // dim amber: a dense layer, no experts
    case BrainTier::Remote: return QColor(0xe0, 0x8a, 0x4a);  // copper: on the server the app talks to
    }
    return QColor(Qt::black);
}

double brightness(float heat) {
    static const double top = std::log2(21.0);  // an expert picked every token settles at heat 20
    const double h = std::clamp(std::log2(1.0 + std::max(0.0f, heat)) / top, 0.0, 1.0);
    return 0.35 + 0.65 * h;
}

QRgb cell(BrainTier tier, float heat, float flash) {
    const QColor c = color(tier);
    const double b = tier == BrainTier::Dense ? 1.0 : brightness(heat);
    const double f = std::clamp(double(flash), 0.0, 1.0) * 0.85;
    auto channel = [&](int v) { return int(std::lround((v * b) * (1.0 - f) + 255.0 * f)); };
    return qRgb(channel(c.red()), channel(c.green()), channel(c.blue()));
}

}  // namespace TierPalette
