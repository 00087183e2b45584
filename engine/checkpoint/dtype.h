#pragma once
// The tensor element types that appear in MiMo-V2 safetensors shards.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace peng {

enum class DType { BF16, F16, F32, F8_E4M3, U8, I8, I32, I64 };

std::optional<DType> parse_dtype(std::string_view name);
std::string_view dtype_name(DType dtype);
uint64_t dtype_size(DType dtype);

}  // namespace peng
