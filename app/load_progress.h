#pragma once
// Real progress while a model opens. The two long steps are reading the dense
// weights (reported per layer by the engine's loader) and reading the pinned
// experts; each gets the share of the bar that its bytes are of the whole load.
#include <QString>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace peng {
class ExpertStore;
}

class LoadProgress {
public:
    using Report = std::function<void(double fraction, const QString& line)>;
    LoadProgress(uint64_t dense_bytes, uint64_t pinned_bytes, Report report);

    void dense(int done, int total);
    void pins(size_t done, size_t total);

private:
    double dense_share_;
    Report report_;
};

// Pins `pins` into `store` in about twenty batches, reporting each to `progress`.
// set_pins keeps experts already pinned, so the end state is the same as one call.
void pin_in_batches(peng::ExpertStore& store, const std::vector<std::pair<int, int>>& pins, LoadProgress& progress);
