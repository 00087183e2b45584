#include "plan/overlap_bound.h"

#include <algorithm>

namespace peng {

double overlapped_read_seconds(double disk_bytes, double memory_bytes, ReadRates alone, ReadRates together) {
    const double disk = alone.disk_GBps * 1e9, memory = alone.memory_GBps * 1e9;
    if (!(disk > 0) || !(memory > 0)) return 0;  // nothing measured: no bound
    if (disk_bytes <= 0) return memory_bytes / memory;
    if (memory_bytes <= 0) return disk_bytes / disk;
    const double sequential = disk_bytes / disk + memory_bytes / memory;
    const double disk_with = std::min(together.disk_GBps * 1e9, disk);
    const double memory_with = std::min(together.memory_GBps * 1e9, memory);
    if (!(disk_with > 0) || !(memory_with > 0)) return sequential;
    // Both run until the first is done; the other finishes alone at its own rate.
    const double both = std::min(disk_bytes / disk_with, memory_bytes / memory_with);
    const double rest = disk_bytes / disk_with <= both ? (memory_bytes - memory_with * both) / memory
                                                       : (disk_bytes - disk_with * both) / disk;
    return std::min(sequential, both + std::max(0.0, rest));
}

}  // namespace peng
