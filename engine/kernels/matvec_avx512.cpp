// The AVX-512 matrix path (this file is compiled with AVX-512 enabled; see
// engine/CMakeLists.txt). 32 zmm registers: matvec tiles 4 rows (F32/BF16: 1),
// batches 4 rows x 4 activation rows (FP8 and MXFP4: x 2; see each kernel's
// kBatchTileMax).
#if defined(__x86_64__)
#include "kernels/v16_avx512.h"
// v16 first: the templates below are written over its V16.
#include "kernels/matvec_simd.h"

namespace peng::kernels {

void matmul_rows_avx512(const MatrixView& w, const Activations& x, float* y, int row_begin, int row_end) {
    TileShape<4, 4, 4, 32>::run(w, x, y, row_begin, row_end);
}

}  // namespace peng::kernels
#endif
