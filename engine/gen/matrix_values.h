#pragma once
// The float values of a synthetic matrix before encoding, computed row by row
// from the counter-based RNG: any rows, any order, any thread, same values.
#include <cstdint>
#include <vector>

#include "gen/tensor_plan.h"

namespace peng::gen {

class MatrixValues {
public:
    MatrixValues(const MatrixSource& source, uint64_t seed);

    // Writes rows [row_begin, row_end) row-major into out ((row_end-row_begin) * cols floats).
    void fill_rows(int64_t row_begin, int64_t row_end, float* out) const;

private:
    const MatrixSource& source_;
    uint64_t value_key_;
    uint64_t row_gain_key_;
    std::vector<float> col_gain_;  // std folded in
};

}  // namespace peng::gen
