#include "ops/activation.h"

namespace peng::ops {

void swiglu(float* gate, const float* up, size_t n) {
    for (size_t i = 0; i < n; ++i) gate[i] = silu(gate[i]) * up[i];
}

}  // namespace peng::ops
