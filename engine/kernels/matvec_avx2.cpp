// The AVX2+FMA matrix path (this file is compiled with AVX2 enabled; see
// engine/CMakeLists.txt). A V16 takes two of the 16 ymm registers, so tiles are
// small: matvec tiles 2 rows, batches 1 x 2. FP8's two accumulator sets then fill
// all 16 ymm registers, yet ran 0.34 -> 0.42 FMAs (of 16 lanes) per cycle against
// 1 x 1 (qkv x16 in L2, measured through this path on Zen 5).
#if defined(__x86_64__)
#include "kernels/v16_avx2.h"
// v16 first: the templates below are written over its V16.
#include "kernels/matvec_simd.h"

namespace peng::kernels {

void matmul_rows_avx2(const MatrixView& w, const Activations& x, float* y, int row_begin, int row_end) {
    TileShape<2, 1, 2, 8>::run(w, x, y, row_begin, row_end);
}

}  // namespace peng::kernels
#endif
