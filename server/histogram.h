#pragma once
// A Prometheus histogram: how many observations fell at or under each upper bound,
// their sum and their count, written in the text format as NAME_bucket{le="..."}
// (cumulative, the last bucket le="+Inf"), NAME_sum and NAME_count. Its owner locks.
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace peng::server {

class Histogram {
public:
    explicit Histogram(std::vector<double> upper_bounds);   // ascending; +Inf is added
    void observe(double value);
    // The series' lines, without HELP and TYPE. `labels` (`endpoint="/health"`, say)
    // come before each bucket's le and on the sum and count.
    void write(std::ostream& out, const std::string& name, const std::string& labels = {}) const;

private:
    std::vector<double> bounds_;
    std::vector<uint64_t> counts_;   // per bucket, not cumulative; the last is +Inf's
    double sum_ = 0;
    uint64_t count_ = 0;
};

}  // namespace peng::server
