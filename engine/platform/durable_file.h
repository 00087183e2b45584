#pragma once
// Making a written file durable and moving it into place, for atomic replaces:
// fsync and rename(2) on POSIX; FlushFileBuffers and MoveFileEx with
// MOVEFILE_REPLACE_EXISTING on Windows, where rename() refuses an existing target.
#include <string>

namespace peng {

// Flushes `path` (a file, or on POSIX a directory, so a rename in it is durable) to
// the disk. Throws peng::Error naming the path.
void sync_to_disk(const std::string& path);
// Renames `from` over `to`, replacing it in one step. Throws peng::Error naming both.
void replace_file(const std::string& from, const std::string& to);

}  // namespace peng
