#include "io/file.h"

#include <algorithm>
#include <cstdio>

#include "util/error.h"

namespace peng {

namespace {

// "3160.00 MB (3160000000 bytes)": readable, and exact beside `ls -l`.
std::string byte_count(uint64_t bytes) {
    char text[64];
    if (bytes >= 1000000) std::snprintf(text, sizeof text, "%.2f MB (%llu bytes)", double(bytes) / 1e6, (unsigned long long)bytes);
    else std::snprintf(text, sizeof text, "%llu bytes", (unsigned long long)bytes);
    return text;
}

}  // namespace

ReadFile::ReadFile(const std::string& path) : path_(path) {
    std::string error;
    if (!file_.open(path, false, error)) throw Error(path + ": " + error);
    if (!file_.regular_file_size(size_, error)) throw Error(path + ": " + error);
}

void ReadFile::read_exact(uint64_t offset, void* dst, uint64_t bytes) const {
    if (offset > size_ || bytes > size_ - offset)
        throw Error(path_ + ": read of " + std::to_string(bytes) + " bytes at offset " +
                    std::to_string(offset) + " is past the end of the file (" +
                    std::to_string(size_) + " bytes)");
    auto* out = static_cast<char*>(dst);
    std::string error;
    while (bytes > 0) {
        const int64_t got = file_.read_at(out, bytes, offset, error);
        if (got < 0) throw Error(path_ + ": read failed at offset " + std::to_string(offset) + ": " + error);
        if (got == 0) throw Error(path_ + ": unexpected end of file at offset " + std::to_string(offset));
        out += got;
        offset += static_cast<uint64_t>(got);
        bytes -= static_cast<uint64_t>(got);
    }
}

std::string read_text_file(const std::string& path, uint64_t max_bytes) {
    const ReadFile file(path);
    if (file.size() > max_bytes)
        throw Error(path + " is " + byte_count(file.size()) + ", larger than the " + byte_count(max_bytes) +
                    " Peng reads of a JSON or other text file");
    std::string text(file.size(), '\0');
    file.read_exact(0, text.data(), text.size());
    return text;
}

bool file_exists(const std::string& path) { return path_exists(path); }

}  // namespace peng
