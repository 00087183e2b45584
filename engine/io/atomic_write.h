#pragma once
// Replacing a file so that a crash leaves either the old or the new one, never a
// torn mix: write a temporary beside it, flush it to disk, rename it over.
#include <string>
#include <string_view>
#include <vector>

namespace peng {

// Writes `content` to path + ".tmp", syncs it and moves it over `path`.
void write_file_atomically(const std::string& path, const std::string& content);
// The same for content in pieces (a header and a payload), written in order without
// joining them first. A failed write (full disk, no permission) throws peng::Error
// naming the file, removes the temporary and leaves `path` as it was.
void write_file_atomically(const std::string& path, const std::vector<std::string_view>& pieces);
// The same for a file that is already written at `temporary`.
void commit_file(const std::string& temporary, const std::string& path);

}  // namespace peng
