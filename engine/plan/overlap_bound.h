#pragma once
// The decode bound when the disk's reads slow the memory's (and the other way round).
// The bandwidth bound, max(disk seconds, memory seconds), takes the two as independent.
// Where reading the disk costs the cores or the memory bus (a virtual disk the host
// copies into the guest, interrupts on the cores that multiply), they are not: this
// bound uses the rates each reaches while the other runs (measure_reads_together).
namespace peng {

struct ReadRates {
    double disk_GBps = 0;
    double memory_GBps = 0;
};

// Least seconds to read `disk_bytes` from disk and `memory_bytes` from memory when both
// run at the `together` rates while they overlap and at the `alone` rates otherwise:
// the optimum of that linear model, which overlaps until one of them is done or does
// not overlap at all. `together` rates above `alone` count as `alone` (the measurements
// are noisy), so the result is never below max(disk, memory) at the alone rates.
double overlapped_read_seconds(double disk_bytes, double memory_bytes, ReadRates alone, ReadRates together);

}  // namespace peng
