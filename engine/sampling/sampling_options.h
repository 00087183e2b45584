#pragma once
// The per-call sampling settings a front end gives: a SamplingChain is built from them.
#include <cstdint>

namespace peng {

struct SamplingOptions {
    double temperature = 1.0;  // <= 0 means greedy
    double top_p = 1.0;
    int top_k = 0;             // 0 = no limit
    uint64_t seed = 0;         // starts the call's RandomStream
};

}  // namespace peng
