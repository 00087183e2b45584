#include "plan/repin.h"

#include <algorithm>
#include <set>

namespace peng {

std::vector<std::pair<int, int>> repin(const std::vector<std::pair<int, int>>& current, const UsageHistory& history,
                                       const RepinPolicy& policy) {
    std::vector<std::pair<int, int>> pins = current;
    const std::set<std::pair<int, int>> pinned(current.begin(), current.end());
    auto count = [&](const std::pair<int, int>& key) { return history.count(key.first, key.second); };

    // Coldest pins first; hottest outsiders first.
    std::vector<size_t> cold(pins.size());
    for (size_t i = 0; i < cold.size(); ++i) cold[i] = i;
    std::stable_sort(cold.begin(), cold.end(), [&](size_t a, size_t b) { return count(pins[a]) < count(pins[b]); });
    std::vector<std::pair<int, int>> hot;
    for (const auto& key : history.hottest())
        if (!pinned.count(key)) hot.push_back(key);

    int swaps = 0;
    for (size_t i = 0; i < cold.size() && i < hot.size() && swaps < policy.max_swaps; ++i) {
        const uint64_t old_count = count(pins[cold[i]]), new_count = count(hot[i]);
        if (double(new_count) < double(old_count) * policy.margin || new_count < old_count + policy.min_gain) break;
        pins[cold[i]] = hot[i];
        ++swaps;
    }
    return pins;
}

}  // namespace peng
