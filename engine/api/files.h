#pragma once
// Saving and reading a file the engine's one safe way (io/atomic_write.h, io/file.h),
// for front ends that keep files of their own, like the app's conversations.
#include <cstdint>
#include <string>

namespace peng {

// Replaces `path` with `content`: a temporary of its own beside it, every write
// checked, synced, renamed over. Throws peng::Error (a std::runtime_error) naming the
// file and the reason (a full disk, `path` being a directory or device, a missing
// folder); the file on disk is then unchanged and no temporary is left behind.
void save_file(const std::string& path, const std::string& content);

// Reads `path` whole when it is a regular file of at most `max_bytes`. A FIFO, device
// or directory is refused without waiting on it (checked again after opening, so one
// swapped in between is refused too), and a larger file is refused by its size before
// any byte is read, so at most `max_bytes` are ever read. Throws peng::Error naming
// the file and why ("is a FIFO, not a regular file", "is 2048.0 MiB, more than the
// 64.0 MiB read here").
std::string read_small_file(const std::string& path, uint64_t max_bytes);

}  // namespace peng
