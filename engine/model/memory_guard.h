#pragma once
// The runtime memory guard: when the process's measured RSS passes the budget, expert
// slots are given back before the operating system has to step in.
#include <cstdint>

#include "experts/expert_store.h"

namespace peng {

// Trims `store`'s slots when RSS exceeds `budget_bytes` (0 = no guard); returns the bytes freed.
uint64_t guard_memory(ExpertStore& store, uint64_t budget_bytes);

}  // namespace peng
