#pragma once
// One safetensors file: an 8-byte little-endian header length N, a JSON header
// {name: {dtype, shape, data_offsets [begin, end)}} and the data, whose offsets
// are relative to byte 8 + N. Every entry is validated before anything is read.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "checkpoint/dtype.h"
#include "checkpoint/shard_file.h"

namespace peng {

struct TensorInfo {
    std::string name;
    DType dtype = DType::U8;
    std::vector<uint64_t> shape;
    uint64_t offset = 0;  // absolute byte offset in the file
    uint64_t bytes = 0;

    uint64_t elements() const;
};

// Parses and validates a header. `data_size` is the byte count after the header;
// errors name `file_name` and the tensor. Exposed separately for fuzzing.
std::vector<TensorInfo> parse_safetensors_header(std::string_view header_json,
                                                 uint64_t data_start, uint64_t data_size,
                                                 const std::string& file_name,
                                                 std::map<std::string, std::string>* metadata = nullptr);

class SafetensorsFile {
public:
    explicit SafetensorsFile(const std::string& path);
    explicit SafetensorsFile(ShardFile file);  // also a packed shard

    const std::string& path() const { return file_.path(); }
    const std::vector<TensorInfo>& tensors() const { return tensors_; }
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    const TensorInfo* find(std::string_view name) const;
    const ShardFile& file() const { return file_; }
    void read(const TensorInfo& tensor, void* dst) const;

private:
    ShardFile file_;
    std::vector<TensorInfo> tensors_;
    std::map<std::string, std::string> metadata_;
    std::map<std::string, size_t, std::less<>> by_name_;
};

}  // namespace peng
