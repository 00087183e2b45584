#pragma once
// Live re-pinning at turn boundaries: the pinned set follows the routing history,
// but with hysteresis, so that pins do not thrash between near-equal experts.
#include <cstdint>
#include <utility>
#include <vector>

#include "experts/usage_history.h"

namespace peng {

struct RepinPolicy {
    int max_swaps = 4;          // at most this many pins change per turn
    double margin = 1.25;       // a newcomer must be used 25% more than the pin it replaces...
    uint64_t min_gain = 4;      // ...and by at least this many selections
};

// Returns the new pinned set (same size as `current`): the coldest pins are swapped
// for the hottest unpinned experts that beat them by the policy's margin.
std::vector<std::pair<int, int>> repin(const std::vector<std::pair<int, int>>& current, const UsageHistory& history,
                                       const RepinPolicy& policy);

}  // namespace peng
