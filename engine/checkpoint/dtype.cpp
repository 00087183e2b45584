#include "checkpoint/dtype.h"

#include <array>
#include <utility>

namespace peng {

namespace {
struct DTypeInfo {
    DType dtype;
    std::string_view name;
    uint64_t size;
};
constexpr std::array<DTypeInfo, 8> kDTypes{{
    {DType::BF16, "BF16", 2},
    {DType::F16, "F16", 2},
    {DType::F32, "F32", 4},
    {DType::F8_E4M3, "F8_E4M3", 1},
    {DType::U8, "U8", 1},
    {DType::I8, "I8", 1},
    {DType::I32, "I32", 4},
    {DType::I64, "I64", 8},
}};
}  // namespace

std::optional<DType> parse_dtype(std::string_view name) {
    for (const auto& info : kDTypes)
        if (info.name == name) return info.dtype;
    return std::nullopt;
}

std::string_view dtype_name(DType dtype) {
    for (const auto& info : kDTypes)
        if (info.dtype == dtype) return info.name;
    return "?";
}

uint64_t dtype_size(DType dtype) {
    for (const auto& info : kDTypes)
        if (info.dtype == dtype) return info.size;
    return 0;
}

}  // namespace peng
