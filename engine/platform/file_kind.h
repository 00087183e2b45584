#pragma once
// One set of words for what is at a path that is not a regular file, so that the
// model reader, the atomic saver and the KV store name a FIFO or a device alike.
#include <filesystem>
#include <string>

namespace peng {

// What a file of `type` is, in words that follow "is": "a directory", "a symbolic
// link", "a FIFO", "a character device", "a block device", "a socket", "not a
// regular file" (any other kind); "" for a regular file or for nothing there.
std::string file_kind(std::filesystem::file_type type);

// Why a file of `type` cannot be read as a regular file, in words that follow its
// path: "is a directory", "is a FIFO, not a regular file", ...; "" for a regular
// file or for nothing there.
std::string not_a_regular_file(std::filesystem::file_type type);

}  // namespace peng
