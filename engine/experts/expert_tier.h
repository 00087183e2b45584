#pragma once
// Where the expert hierarchy found a routed expert's weights; the store answers it
// and the forward pass reports it to its observers (model/observer.h).

namespace peng {

enum class ExpertTier { Vram, Pinned, Slot, Disk };

}  // namespace peng
