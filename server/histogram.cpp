#include "server/histogram.h"

#include <algorithm>

namespace peng::server {

Histogram::Histogram(std::vector<double> upper_bounds)
    : bounds_(std::move(upper_bounds)), counts_(bounds_.size() + 1, 0) {}

void Histogram::observe(double value) {
    // Buckets are "less than or equal": the first bound not below the value.
    const size_t bucket = size_t(std::lower_bound(bounds_.begin(), bounds_.end(), value) - bounds_.begin());
    ++counts_[bucket];
    sum_ += value;
    ++count_;
}

void Histogram::write(std::ostream& out, const std::string& name, const std::string& labels) const {
    const std::string before_le = labels.empty() ? "" : labels + ",";
    const std::string braces = labels.empty() ? "" : "{" + labels + "}";
    uint64_t cumulative = 0;
    for (size_t i = 0; i < counts_.size(); ++i) {
        cumulative += counts_[i];
        out << name << "_bucket{" << before_le << "le=\"";
        if (i < bounds_.size()) out << bounds_[i];
        else out << "+Inf";
        out << "\"} " << cumulative << '\n';
    }
    out << name << "_sum" << braces << ' ' << sum_ << '\n';
    out << name << "_count" << braces << ' ' << count_ << '\n';
}

}  // namespace peng::server
