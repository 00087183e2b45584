#include "gen/safetensors_writer.h"

#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "util/error.h"

namespace peng::gen {

SafetensorsWriter::SafetensorsWriter(std::string path, std::vector<SafetensorsEntry> entries,
                                     const std::map<std::string, std::string>& metadata)
    : path_(std::move(path)), entries_(std::move(entries)) {
    nlohmann::ordered_json header;
    if (!metadata.empty()) header["__metadata__"] = metadata;
    uint64_t offset = 0;
    for (const auto& e : entries_) {
        header[e.name] = {{"dtype", e.dtype}, {"shape", e.shape}, {"data_offsets", {offset, offset + e.byte_size}}};
        offset += e.byte_size;
    }
    data_bytes_ = offset;
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');
    header_bytes_ = 8 + text.size();

    file_ = std::fopen(path_.c_str(), "wb");
    if (!file_) throw Error("cannot create " + path_ + ": " + std::strerror(errno));
    std::setvbuf(file_, nullptr, _IOFBF, size_t(1) << 20);
    uint8_t length[8];
    for (int i = 0; i < 8; ++i) length[i] = static_cast<uint8_t>(uint64_t(text.size()) >> (8 * i));
    if (std::fwrite(length, 1, 8, file_) != 8 || std::fwrite(text.data(), 1, text.size(), file_) != text.size())
        throw Error("cannot write the header of " + path_ + ": " + std::strerror(errno));
    while (current_ < entries_.size() && entries_[current_].byte_size == 0) ++current_;
}

SafetensorsWriter::~SafetensorsWriter() {
    if (file_) std::fclose(file_);
}

void SafetensorsWriter::append(const uint8_t* data, size_t size) {
    while (size > 0) {
        if (current_ >= entries_.size())
            throw Error("internal: more data than the header of " + path_ + " declares");
        const SafetensorsEntry& e = entries_[current_];
        const size_t take = static_cast<size_t>(std::min<uint64_t>(size, e.byte_size - written_in_current_));
        if (std::fwrite(data, 1, take, file_) != take)
            throw Error("cannot write tensor " + e.name + " to " + path_ + ": " + std::strerror(errno));
        data += take;
        size -= take;
        written_in_current_ += take;
        if (written_in_current_ == e.byte_size) {
            written_in_current_ = 0;
            ++current_;
            while (current_ < entries_.size() && entries_[current_].byte_size == 0) ++current_;
        }
    }
}

void SafetensorsWriter::finish() {
    if (current_ != entries_.size())
        throw Error("internal: tensor " + entries_[current_].name + " of " + path_ + " is incomplete");
    const bool ok = std::fflush(file_) == 0 && !std::ferror(file_);
    const int close_result = std::fclose(file_);
    file_ = nullptr;
    if (!ok || close_result != 0) throw Error("cannot finish writing " + path_ + ": " + std::strerror(errno));
}

}  // namespace peng::gen
