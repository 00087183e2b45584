#include "ops/residual.h"

#include <cfloat>
#include <cmath>

namespace peng::ops {

int add_branch(float* x, const float* branch, int rows, int n) {
    int bad_row = -1;
    for (int r = 0; r < rows; ++r) {
        float* xr = x + size_t(r) * n;
        const float* br = branch + size_t(r) * n;
        unsigned bad = 0;
        for (int i = 0; i < n; ++i) {
            xr[i] += br[i];
            bad |= !(std::fabs(xr[i]) <= FLT_MAX) ? 1u : 0u;
        }
        if (bad && bad_row < 0) bad_row = r;
    }
    return bad_row;
}

void add_scaled(float* sum, float weight, const float* term, size_t n) {
    for (size_t i = 0; i < n; ++i) sum[i] += weight * term[i];
}

void scale(float* x, float factor, size_t n) {
    for (size_t i = 0; i < n; ++i) x[i] *= factor;
}

bool all_finite(const float* x, size_t n) {
    unsigned bad = 0;
    for (size_t i = 0; i < n; ++i) bad |= !(std::fabs(x[i]) <= FLT_MAX) ? 1u : 0u;
    return bad == 0;
}

}  // namespace peng::ops
