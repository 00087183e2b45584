#pragma once
// The brain's colours, one per tier, shared by the texture and the legend so the
// two can never disagree. Designed for all four tiers even where the engine has
// only RAM slots and disk today.
#include <QColor>

#include "brain_frame.h"

namespace TierPalette {

QColor color(BrainTier tier);
// Routing heat to brightness: never-routed cells sit at 35%, hot ones reach 100%.
double brightness(float heat);
// The cell's final colour: tier colour at the heat's brightness, mixed toward
// white by the flash (0..1).
QRgb cell(BrainTier tier, float heat, float flash);

}  // namespace TierPalette
