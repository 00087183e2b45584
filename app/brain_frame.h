#pragma once
// One published snapshot of the expert grid, built on the generation thread and
// handed to the GUI by value (the vectors move across the queued signal).
#include <array>
#include <cstdint>
#include <vector>

#include <QMetaType>

// Where an expert lives. The order is the legend's order, fastest first; it
// matches peng::ExpertTier so a cast converts between them.
// Remote: the expert lives on a server the app talks to, where these tiers do not apply.
enum class BrainTier : uint8_t { Vram = 0, Pinned = 1, Slot = 2, Disk = 3, Dense = 4, Remote = 5 };
inline constexpr int kTierCount = 4;  // local routed tiers; Dense marks a layer with no experts

struct BrainFrame {
    int layers = 0;
    int experts = 0;
    uint64_t tokens = 0;                 // forward rows observed since the model opened
    std::vector<uint8_t> tier;           // [layer * experts + expert] BrainTier
    std::vector<float> heat;             // decayed routing count, per cell
    std::vector<uint32_t> routed;        // times routed since the model opened
    std::vector<uint8_t> fresh;          // 1 = routed since the previous frame
    std::array<int, kTierCount> tier_counts{};

    int index(int layer, int expert) const { return layer * experts + expert; }
    bool empty() const { return layers == 0 || experts == 0; }
};

Q_DECLARE_METATYPE(BrainFrame)
