#include "model/memory_guard.h"

#include "plan/memory_probe.h"

namespace peng {

uint64_t guard_memory(ExpertStore& store, uint64_t budget_bytes) {
    if (budget_bytes == 0) return 0;
    const uint64_t rss = current_rss_bytes();
    if (rss <= budget_bytes) return 0;
    // Two slots more than the excess, so the next few reads do not cross it again.
    return store.trim_slots(rss - budget_bytes + 2 * store.slot_bytes());
}

}  // namespace peng
