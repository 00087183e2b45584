#include "load_progress.h"

#include <QCoreApplication>
#include <algorithm>

#include "experts/expert_store.h"

LoadProgress::LoadProgress(uint64_t dense_bytes, uint64_t pinned_bytes, Report report)
    : dense_share_(dense_bytes + pinned_bytes > 0 ? double(dense_bytes) / double(dense_bytes + pinned_bytes) : 1.0),
      report_(std::move(report)) {}

void LoadProgress::dense(int done, int total) {
    if (total <= 0) return;
    report_(dense_share_ * done / total,
            QCoreApplication::translate("LoadProgress", "Reading the dense weights (step %1 of %2)").arg(done).arg(total));
}

void LoadProgress::pins(size_t done, size_t total) {
    if (total == 0) return;
    report_(dense_share_ + (1 - dense_share_) * double(done) / double(total),
            QCoreApplication::translate("LoadProgress", "Reading the pinned experts (%1 of %2)").arg(done).arg(total));
}

void pin_in_batches(peng::ExpertStore& store, const std::vector<std::pair<int, int>>& pins, LoadProgress& progress) {
    const size_t batch = std::max<size_t>(1, pins.size() / 20);
    for (size_t end = 0; end < pins.size();) {
        end = std::min(end + batch, pins.size());
        store.set_pins({pins.begin(), pins.begin() + long(end)});
        progress.pins(end, pins.size());
    }
}
