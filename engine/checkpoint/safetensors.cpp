#include "checkpoint/safetensors.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "util/error.h"

namespace peng {

namespace {

// Headers of the real release are a few hundred KiB; anything far larger is corrupt.
constexpr uint64_t kMaxHeaderBytes = 256ULL << 20;

[[noreturn]] void fail(const std::string& file, const std::string& tensor, const std::string& what) {
    if (tensor.empty()) throw Error(file + ": " + what);
    throw Error(file + ": tensor '" + tensor + "': " + what);
}

uint64_t checked_mul(uint64_t a, uint64_t b, const std::string& file, const std::string& tensor) {
    if (a != 0 && b > UINT64_MAX / a) fail(file, tensor, "shape overflows 64 bits");
    return a * b;
}

uint64_t read_u64(const nlohmann::json& value, const std::string& file, const std::string& tensor,
                  const char* what) {
    if (!value.is_number_unsigned()) fail(file, tensor, std::string(what) + " must be a non-negative integer");
    return value.get<uint64_t>();
}

}  // namespace

uint64_t TensorInfo::elements() const {
    uint64_t n = 1;
    for (uint64_t d : shape) n *= d;
    return n;
}

std::vector<TensorInfo> parse_safetensors_header(std::string_view header_json, uint64_t data_start,
                                                 uint64_t data_size, const std::string& file_name,
                                                 std::map<std::string, std::string>* metadata) {
    nlohmann::json header;
    try {
        header = nlohmann::json::parse(header_json);
    } catch (const nlohmann::json::exception& e) {
        fail(file_name, "", std::string("malformed header JSON: ") + e.what());
    }
    if (!header.is_object()) fail(file_name, "", "header is not a JSON object");

    std::vector<TensorInfo> tensors;
    for (const auto& [name, entry] : header.items()) {
        if (name == "__metadata__") {
            if (!entry.is_object()) fail(file_name, "", "__metadata__ is not an object");
            for (const auto& [key, value] : entry.items()) {
                if (!value.is_string()) fail(file_name, "", "__metadata__." + key + " is not a string");
                if (metadata) (*metadata)[key] = value.get<std::string>();
            }
            continue;
        }
        if (!entry.is_object()) fail(file_name, name, "entry is not an object");
        auto dtype_it = entry.find("dtype");
        auto shape_it = entry.find("shape");
        auto offsets_it = entry.find("data_offsets");
        if (dtype_it == entry.end() || !dtype_it->is_string()) fail(file_name, name, "missing dtype");
        if (shape_it == entry.end() || !shape_it->is_array()) fail(file_name, name, "missing shape");
        if (offsets_it == entry.end() || !offsets_it->is_array() || offsets_it->size() != 2)
            fail(file_name, name, "data_offsets must be [begin, end]");

        TensorInfo info;
        info.name = name;
        auto dtype = parse_dtype(dtype_it->get<std::string>());
        if (!dtype) fail(file_name, name, "unknown dtype '" + dtype_it->get<std::string>() + "'");
        info.dtype = *dtype;
        uint64_t elements = 1;
        for (const auto& dim : *shape_it) {
            info.shape.push_back(read_u64(dim, file_name, name, "shape entry"));
            elements = checked_mul(elements, info.shape.back(), file_name, name);
        }
        uint64_t begin = read_u64((*offsets_it)[0], file_name, name, "data_offsets begin");
        uint64_t end = read_u64((*offsets_it)[1], file_name, name, "data_offsets end");
        if (begin > end) fail(file_name, name, "data_offsets begin is after end");
        if (end > data_size)
            fail(file_name, name, "data_offsets end " + std::to_string(end) + " is outside the data (" +
                                      std::to_string(data_size) + " bytes)");
        uint64_t expected = checked_mul(elements, dtype_size(info.dtype), file_name, name);
        if (end - begin != expected)
            fail(file_name, name, "shape needs " + std::to_string(expected) + " bytes but data_offsets span " +
                                      std::to_string(end - begin));
        info.offset = data_start + begin;
        info.bytes = end - begin;
        tensors.push_back(std::move(info));
    }

    std::vector<const TensorInfo*> by_offset;
    for (const auto& t : tensors) by_offset.push_back(&t);
    std::sort(by_offset.begin(), by_offset.end(),
              [](const TensorInfo* a, const TensorInfo* b) { return a->offset < b->offset; });
    for (size_t i = 1; i < by_offset.size(); ++i) {
        const TensorInfo* prev = by_offset[i - 1];
        if (prev->bytes != 0 && by_offset[i]->bytes != 0 && prev->offset + prev->bytes > by_offset[i]->offset)
            fail(file_name, by_offset[i]->name, "data_offsets overlap tensor '" + prev->name + "'");
    }
    return tensors;
}

SafetensorsFile::SafetensorsFile(const std::string& path) : SafetensorsFile(ShardFile(path)) {}

SafetensorsFile::SafetensorsFile(ShardFile file) : file_(std::move(file)) {
    const std::string& path = file_.path();
    if (file_.size() < 8) fail(path, "", "truncated: shorter than the 8-byte header length");
    unsigned char len_bytes[8];
    file_.read_exact(0, len_bytes, 8);
    uint64_t header_len = 0;
    for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | len_bytes[i];
    if (header_len > file_.size() - 8)
        fail(path, "", "header length " + std::to_string(header_len) + " is past the end of the file (" +
                           std::to_string(file_.size()) + " bytes)");
    if (header_len > kMaxHeaderBytes) fail(path, "", "header length " + std::to_string(header_len) + " is implausibly large");
    std::string header(header_len, '\0');
    file_.read_exact(8, header.data(), header_len);
    uint64_t data_start = 8 + header_len;
    tensors_ = parse_safetensors_header(header, data_start, file_.size() - data_start, path, &metadata_);
    for (size_t i = 0; i < tensors_.size(); ++i) by_name_[tensors_[i].name] = i;
}

const TensorInfo* SafetensorsFile::find(std::string_view name) const {
    auto it = by_name_.find(name);
    return it == by_name_.end() ? nullptr : &tensors_[it->second];
}

void SafetensorsFile::read(const TensorInfo& tensor, void* dst) const {
    file_.read_exact(tensor.offset, dst, tensor.bytes);
}

}  // namespace peng
