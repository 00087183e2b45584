#include "sampling/random_stream.h"

namespace peng {

double RandomStream::uniform(double upper) {
    ++draws_taken_;
    return std::uniform_real_distribution<double>(0.0, upper)(engine_);
}

void RandomStream::skip(uint64_t count) {
    // Real draws, not engine_.discard(): how many engine outputs one draw uses is the
    // distribution's business, and skipping must stay in step with it.
    for (uint64_t i = 0; i < count; ++i) uniform(1.0);
}

}  // namespace peng
