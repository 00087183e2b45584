#pragma once
// The one way Peng saves a file (conversations, routing history, KV files, packed
// checkpoints): write a temporary beside it that no other writer shares, check every
// write, flush it to disk, rename it over. A crash or a failed write leaves either
// the old file or the new one, never a torn mix or an empty file.
#include <string>
#include <string_view>
#include <vector>

namespace peng {

// Writes `content` to a new temporary beside `path` (path + ".<8 random>.tmp",
// created exclusively), syncs it and moves it over `path`. Throws peng::Error naming
// `path` and the reason, leaving `path` as it was and no temporary behind, when
// - `path` exists and is not a regular file (a directory, symbolic link, device,
//   FIFO or socket is never replaced);
// - the folder of `path` does not exist (it is not created);
// - a write, sync, close or the rename fails (a full disk, a file size limit).
void write_file_atomically(const std::string& path, const std::string& content);
// The same for content in pieces (a header and a payload), written in order without
// joining them first.
void write_file_atomically(const std::string& path, const std::vector<std::string_view>& pieces);
// The same for a file that is already written at `temporary`.
void commit_file(const std::string& temporary, const std::string& path);

// The name of the file a temporary of write_file_atomically named `name` was
// meant to become ("chat.pengkv" for "chat.pengkv.k3x9q0ab.tmp"), or "" when `name`
// is not one: for clearing what a crash left.
std::string temporary_target(const std::string& name);

}  // namespace peng
