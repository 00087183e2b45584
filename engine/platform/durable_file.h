#pragma once
// Writing a new file so that every failure is seen, making it durable and moving it
// into place, for atomic replaces: open(O_EXCL), write, fsync, close and rename(2)
// on POSIX; CreateFile(CREATE_NEW), WriteFile, FlushFileBuffers and MoveFileEx with
// MOVEFILE_REPLACE_EXISTING on Windows, where rename() refuses an existing target.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace peng {

// A file this writer created and no one else has opened: it did not exist before
// (O_EXCL / CREATE_NEW), so two writers never share one. Every call is checked and
// throws peng::Error naming the file and the system's reason (a full disk, a file
// size limit, an I/O error).
class NewFile {
public:
    // Creates `path` for writing; nullopt when something of that name already exists.
    static std::optional<NewFile> create(const std::string& path);
    ~NewFile();  // closes a file still open, ignoring errors: the caller is failing anyway
    NewFile(NewFile&& other) noexcept : path_(std::move(other.path_)), handle_(other.handle_) {
        other.handle_ = kClosed;
    }
    NewFile(const NewFile&) = delete;
    NewFile& operator=(const NewFile&) = delete;
    NewFile& operator=(NewFile&&) = delete;

    const std::string& path() const { return path_; }
    // Writes all `bytes`, retrying short and interrupted writes.
    void write(const void* data, size_t bytes);
    // Flushes the contents to the disk.
    void sync();
    // Closes the file; a deferred write error (NFS, some file systems) surfaces here.
    void close();

private:
    static constexpr intptr_t kClosed = -1;  // also INVALID_HANDLE_VALUE's bits
    NewFile(std::string path, intptr_t handle) : path_(std::move(path)), handle_(handle) {}
    std::string path_;
    intptr_t handle_ = kClosed;  // a file descriptor or a HANDLE
};

// Flushes `path` (a file, or on POSIX a directory, so a rename in it is durable) to
// the disk. Throws peng::Error naming the path.
void sync_to_disk(const std::string& path);
// Renames `from` over `to`, replacing it in one step. Throws peng::Error naming both.
void replace_file(const std::string& from, const std::string& to);

}  // namespace peng
