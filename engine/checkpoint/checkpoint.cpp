#include "checkpoint/checkpoint.h"

#include <map>
#include <optional>
#include <nlohmann/json.hpp>

#include "checkpoint/pack_index.h"
#include "io/file.h"
#include "util/error.h"

namespace peng {

std::string shape_string(const std::vector<uint64_t>& shape) {
    std::string out = "[";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}

namespace {

// Shard file names from the index's weight_map, in first-seen order, each mapped to
// the tensor names the index assigns to it.
std::map<std::string, std::vector<std::string>> read_index(const std::string& path) {
    nlohmann::json index;
    try {
        index = nlohmann::json::parse(read_text_file(path));
    } catch (const nlohmann::json::exception& e) {
        throw Error(path + ": malformed JSON: " + e.what());
    }
    if (!index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
        throw Error(path + ": missing 'weight_map' object");
    std::map<std::string, std::vector<std::string>> by_file;
    for (const auto& [name, file] : index["weight_map"].items()) {
        if (!file.is_string()) throw Error(path + ": weight_map entry '" + name + "' is not a file name");
        const std::string f = file.get<std::string>();
        if (f.empty() || f.find('/') != std::string::npos || f.find("..") != std::string::npos)
            throw Error(path + ": weight_map entry '" + name + "' names an invalid file '" + f + "'");
        by_file[f].push_back(name);
    }
    return by_file;
}

// A shard as released, or its packed file when the directory is a packed container.
std::unique_ptr<SafetensorsFile> open_shard(const std::string& dir, const std::string& file_name,
                                            const PackIndex* pack, const std::string& named_by) {
    if (pack) {
        const PackedShard* shard = pack->shard(file_name);
        if (!shard)
            throw Error(dir + "/" + kPackIndexFile + ": has no entry for shard '" + file_name + "' (named by " +
                        named_by + ")");
        return std::make_unique<SafetensorsFile>(ShardFile(dir + "/" + shard->packed_name(), *shard));
    }
    const std::string path = dir + "/" + file_name;
    if (!file_exists(path))
        throw Error(named_by + ": names file '" + file_name + "', which does not exist");
    return std::make_unique<SafetensorsFile>(path);
}

}  // namespace

Checkpoint::Checkpoint(const std::string& dir) : dir_(dir) {
    if (is_unfinished_pack(dir))
        throw Error(dir + ": an unfinished pack (" + kPackIndexFile + " is missing); run peng-cli pack again to finish it");
    config_ = ModelConfig::load(dir);
    generation_ = GenerationConfig::load(dir);
    std::optional<PackIndex> pack;
    if (is_packed_checkpoint(dir)) pack = PackIndex::load(dir);

    const std::string index_path = dir + "/model.safetensors.index.json";
    if (file_exists(index_path)) {
        for (const auto& [file_name, tensor_names] : read_index(index_path)) {
            files_.push_back(open_shard(dir, file_name, pack ? &*pack : nullptr,
                                        index_path + " (for tensor '" + tensor_names.front() + "')"));
            const SafetensorsFile& shard = *files_.back();
            for (const auto& name : tensor_names) {
                const TensorInfo* info = shard.find(name);
                if (!info)
                    throw Error(shard.path() + ": tensor '" + name + "' is listed in the index but missing from the shard");
                by_name_[name] = TensorRef{&shard, info};
            }
        }
    } else {
        if (!pack && !file_exists(dir + "/model.safetensors"))
            throw Error(dir + ": neither model.safetensors.index.json nor model.safetensors exists");
        files_.push_back(open_shard(dir, "model.safetensors", pack ? &*pack : nullptr, dir));
        for (const auto& info : files_.back()->tensors()) by_name_[info.name] = TensorRef{files_.back().get(), &info};
    }
}

bool Checkpoint::has(std::string_view name) const { return by_name_.count(std::string(name)) != 0; }

TensorRef Checkpoint::find(std::string_view name) const {
    auto it = by_name_.find(std::string(name));
    if (it == by_name_.end()) throw Error(dir_ + ": missing tensor '" + std::string(name) + "'");
    return it->second;
}

TensorRef Checkpoint::checked(std::string_view name, DType dtype, const std::vector<uint64_t>& shape) const {
    TensorRef ref = find(name);
    if (ref.info->dtype != dtype)
        throw Error(ref.file->path() + ": tensor '" + ref.info->name + "' has dtype " +
                    std::string(dtype_name(ref.info->dtype)) + ", expected " + std::string(dtype_name(dtype)));
    if (ref.info->shape != shape)
        throw Error(ref.file->path() + ": tensor '" + ref.info->name + "' has shape " + shape_string(ref.info->shape) +
                    ", expected " + shape_string(shape));
    return ref;
}

std::vector<uint8_t> Checkpoint::read(std::string_view name, DType dtype, const std::vector<uint64_t>& shape) const {
    std::vector<uint8_t> bytes;
    read_into(name, dtype, shape, bytes);
    return bytes;
}

std::vector<std::string> Checkpoint::names() const {
    std::vector<std::string> out;
    for (const auto& f : files_)
        for (const auto& t : f->tensors())
            if (by_name_.count(t.name) && by_name_.at(t.name).info == &t) out.push_back(t.name);
    return out;
}

}  // namespace peng
