#pragma once
// One definition of where generation time goes, computed in the engine so that every
// front end prints the same buckets:
//   disk_wait      the forward pass waiting for expert reads
//   expert_matmul  routed experts' matrices
//   attention      qkv, attention, o_proj
//   dense          the dense MLP, the routers (and their lookahead) and lm_head
//   other          wall time minus all of the above (sampling, norms, glue)
#include <cstdint>

#include "experts/expert_store.h"
#include "model/model.h"

namespace peng {

struct PhaseTimes {
    double wall_s = 0, disk_wait_s = 0, expert_matmul_s = 0, attention_s = 0, dense_s = 0, other_s = 0;
    double disk_service_s = 0, disk_busy_s = 0;  // the I/O threads' reading time, and wall time with a read running
    uint64_t expert_hits = 0, expert_misses = 0, disk_bytes = 0;
    PhaseTimes& operator+=(const PhaseTimes& other);  // the two spans' times and counts together
};

struct TokenProfile {
    int index = 0;       // decoded tokens after the first: 1, 2, ...
    PhaseTimes phases;
};

// Takes the model's counters at a point and gives the phases spent since.
class PhaseMeter {
public:
    explicit PhaseMeter(const Model& model);
    // The phases since the last mark (or construction), `wall_s` measured by the caller.
    PhaseTimes since_mark(double wall_s) const;
    void mark();

private:
    const Model& model_;
    ForwardProfile profile_;
    ExpertStats stats_;
};

}  // namespace peng
