// libFuzzer: arbitrary bytes as a safetensors header must give a parse or a
// peng::Error, never a crash, and any accepted tensor must lie inside the data.
#include <cstdint>
#include <string_view>

#include "checkpoint/safetensors.h"
#include "util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 8) return 0;
    uint64_t data_size = 0;
    for (int i = 0; i < 8; ++i) data_size = (data_size << 8) | data[i];
    data_size %= (1ULL << 40);
    std::string_view header(reinterpret_cast<const char*>(data + 8), size - 8);
    try {
        auto tensors = peng::parse_safetensors_header(header, 8 + header.size(), data_size, "fuzz.safetensors");
        for (const auto& t : tensors)
            if (t.offset < 8 + header.size() || t.offset + t.bytes > 8 + header.size() + data_size) __builtin_trap();
    } catch (const peng::Error&) {
    }
    return 0;
}
