#pragma once
// A checkpoint directory as Xiaomi releases it: config.json, generation_config.json,
// model.safetensors.index.json (or a single model.safetensors) and the shards.
// Every tensor is found by name through the index, never by computed offsets:
// a weight and its scale may sit in different shards.
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "checkpoint/config.h"
#include "checkpoint/safetensors.h"

namespace peng {

struct TensorRef {
    const SafetensorsFile* file = nullptr;
    const TensorInfo* info = nullptr;
};

class Checkpoint {
public:
    explicit Checkpoint(const std::string& dir);

    const std::string& dir() const { return dir_; }
    const ModelConfig& config() const { return config_; }
    const GenerationConfig& generation() const { return generation_; }
    const std::vector<std::unique_ptr<SafetensorsFile>>& files() const { return files_; }
    // The shards' paths, in files() order (what the bandwidth probes read).
    std::vector<std::string> file_paths() const {
        std::vector<std::string> paths;
        for (const auto& f : files_) paths.push_back(f->path());
        return paths;
    }

    bool has(std::string_view name) const;
    // Throws peng::Error naming the tensor (and the index file) when absent.
    TensorRef find(std::string_view name) const;
    // Reads a tensor's raw bytes; checks dtype and shape first.
    std::vector<uint8_t> read(std::string_view name, DType dtype, const std::vector<uint64_t>& shape) const;
    // The same into a caller-owned byte container (resized to the tensor).
    template <class Bytes>
    void read_into(std::string_view name, DType dtype, const std::vector<uint64_t>& shape, Bytes& out) const {
        const TensorRef ref = checked(name, dtype, shape);
        out.resize(ref.info->bytes);
        ref.file->read(*ref.info, out.data());
    }
    // All tensor names, in file order.
    std::vector<std::string> names() const;

private:
    // The tensor, after checking its dtype and shape.
    TensorRef checked(std::string_view name, DType dtype, const std::vector<uint64_t>& shape) const;

    std::string dir_;
    ModelConfig config_;
    GenerationConfig generation_;
    std::vector<std::unique_ptr<SafetensorsFile>> files_;
    std::unordered_map<std::string, TensorRef> by_name_;
};

// "[2048, 4096]"
std::string shape_string(const std::vector<uint64_t>& shape);

}  // namespace peng
