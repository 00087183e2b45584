#pragma once
// Writes one .safetensors file front to back: the 8-byte header length, the JSON
// header (tensors in the order given, offsets contiguous, padded with spaces to
// 8 bytes as the reference implementation does), then each tensor's bytes as
// they are appended. Checks that every tensor receives exactly its size.
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace peng::gen {

struct SafetensorsEntry {
    std::string name;
    std::string dtype;             // "BF16", "F32", "F8_E4M3", "U8"
    std::vector<int64_t> shape;
    uint64_t byte_size = 0;
};

class SafetensorsWriter {
public:
    // Creates the file and writes the header. Throws peng::Error naming the path.
    SafetensorsWriter(std::string path, std::vector<SafetensorsEntry> entries,
                      const std::map<std::string, std::string>& metadata);
    ~SafetensorsWriter();
    SafetensorsWriter(const SafetensorsWriter&) = delete;
    SafetensorsWriter& operator=(const SafetensorsWriter&) = delete;

    // Appends data to the current tensor (the first one not yet complete).
    void append(const uint8_t* data, size_t size);
    // Flushes and closes; throws if any tensor is incomplete or a write failed.
    void finish();

    uint64_t file_size() const { return header_bytes_ + data_bytes_; }

private:
    std::string path_;
    std::vector<SafetensorsEntry> entries_;
    std::FILE* file_ = nullptr;
    size_t current_ = 0;            // index of the tensor being filled
    uint64_t written_in_current_ = 0;
    uint64_t header_bytes_ = 0;
    uint64_t data_bytes_ = 0;
};

}  // namespace peng::gen
