#include "quant/formats.h"

namespace peng {

const std::array<float, 256>& fp8_e4m3_table() {
    static const std::array<float, 256> table = [] {
        std::array<float, 256> t{};
        for (int i = 0; i < 256; ++i) t[i] = fp8_e4m3_to_f32_scalar(static_cast<uint8_t>(i));
        return t;
    }();
    return table;
}

}  // namespace peng
