#pragma once
// Saving a file the engine's one safe way (io/atomic_write.h), for front ends that
// keep files of their own, like the app's conversations.
#include <string>

namespace peng {

// Replaces `path` with `content`: a temporary of its own beside it, every write
// checked, synced, renamed over. Throws peng::Error (a std::runtime_error) naming the
// file and the reason (a full disk, `path` being a directory or device, a missing
// folder); the file on disk is then unchanged and no temporary is left behind.
void save_file(const std::string& path, const std::string& content);

}  // namespace peng
