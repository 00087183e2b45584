#include "kernels/mxfp4_tables.h"

#include "quant/formats.h"

namespace peng::kernels {

const Mxfp4ScaledTables& mxfp4_scaled_tables() {
    static const Mxfp4ScaledTables tables = [] {
        Mxfp4ScaledTables t{};
        for (int s = 0; s < 256; ++s)
            for (int n = 0; n < 16; ++n) t.value[s][n] = e2m1_to_f32(uint8_t(n)) * e8m0_to_f32(uint8_t(s));
        return t;
    }();
    return tables;
}

}  // namespace peng::kernels
