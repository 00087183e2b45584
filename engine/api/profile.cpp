#include "api/profile.h"

#include <algorithm>

namespace peng {

PhaseTimes& PhaseTimes::operator+=(const PhaseTimes& o) {
    wall_s += o.wall_s;
    disk_wait_s += o.disk_wait_s;
    expert_matmul_s += o.expert_matmul_s;
    attention_s += o.attention_s;
    dense_s += o.dense_s;
    other_s += o.other_s;
    disk_service_s += o.disk_service_s;
    disk_busy_s += o.disk_busy_s;
    expert_hits += o.expert_hits;
    expert_misses += o.expert_misses;
    disk_bytes += o.disk_bytes;
    return *this;
}

PhaseMeter::PhaseMeter(const Model& model) : model_(model) { mark(); }

void PhaseMeter::mark() {
    profile_ = model_.profile();
    stats_ = model_.experts().stats();
}

PhaseTimes PhaseMeter::since_mark(double wall_s) const {
    const ForwardProfile& p = model_.profile();
    const ExpertStats s = model_.experts().stats();
    PhaseTimes t;
    t.wall_s = wall_s;
    t.disk_wait_s = p.disk_wait_s - profile_.disk_wait_s;
    t.expert_matmul_s = p.experts_s - profile_.experts_s;
    t.attention_s = p.attention_s - profile_.attention_s;
    t.dense_s = (p.dense_s - profile_.dense_s) + (p.router_s - profile_.router_s) + (p.head_s - profile_.head_s);
    t.other_s = std::max(0.0, wall_s - t.disk_wait_s - t.expert_matmul_s - t.attention_s - t.dense_s);
    t.disk_service_s = s.disk_service_s - stats_.disk_service_s;
    t.disk_busy_s = s.disk_busy_s - stats_.disk_busy_s;
    t.expert_hits = s.hits() - stats_.hits();
    t.expert_misses = s.misses - stats_.misses;
    t.disk_bytes = s.bytes_read - stats_.bytes_read;
    return t;
}

}  // namespace peng
