// NewFile, sync_to_disk and replace_file on Windows (see durable_file.h).
#ifdef _WIN32
#include <windows.h>

#include <algorithm>

#include "platform/durable_file.h"
#include "platform/windows_text.h"
#include "util/error.h"

namespace peng {

namespace {

std::string reason(DWORD error) {
    if (error == ERROR_DISK_FULL || error == ERROR_HANDLE_DISK_FULL) return "the disk is full";
    return "Windows error " + std::to_string(error);
}

HANDLE native(intptr_t handle) { return reinterpret_cast<HANDLE>(handle); }

}  // namespace

std::optional<NewFile> NewFile::create(const std::string& path) {
    // No sharing for writes or deletes: the file is this writer's alone until it is moved.
    HANDLE h = CreateFileW(utf8_to_wide(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ, nullptr, CREATE_NEW,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) return NewFile(path, reinterpret_cast<intptr_t>(h));
    const DWORD error = GetLastError();
    if (error == ERROR_FILE_EXISTS || error == ERROR_ALREADY_EXISTS) return std::nullopt;
    throw Error(path + ": cannot create (" + reason(error) + ")");
}

NewFile::~NewFile() {
    if (handle_ != kClosed) CloseHandle(native(handle_));
}

void NewFile::write(const void* data, size_t bytes) {
    const char* at = static_cast<const char*>(data);
    while (bytes > 0) {
        const DWORD chunk = DWORD(std::min<size_t>(bytes, 1u << 30));
        DWORD written = 0;
        if (!WriteFile(native(handle_), at, chunk, &written, nullptr))
            throw Error(path_ + ": cannot write (" + reason(GetLastError()) + ")");
        if (written == 0) throw Error(path_ + ": cannot write (nothing was written)");
        at += written;
        bytes -= written;
    }
}

void NewFile::sync() {
    if (!FlushFileBuffers(native(handle_))) throw Error(path_ + ": cannot sync (" + reason(GetLastError()) + ")");
}

void NewFile::close() {
    HANDLE h = native(handle_);
    handle_ = kClosed;
    if (!CloseHandle(h)) throw Error(path_ + ": cannot close (" + reason(GetLastError()) + ")");
}

void sync_to_disk(const std::string& path) {
    // Directories cannot be flushed on Windows; MoveFileEx's write-through covers renames.
    const DWORD attributes = GetFileAttributesW(utf8_to_wide(path).c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY)) return;
    HANDLE h = CreateFileW(utf8_to_wide(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE) throw Error(path + ": cannot open to sync (" + reason(GetLastError()) + ")");
    const bool ok = FlushFileBuffers(h);
    const DWORD error = GetLastError();
    CloseHandle(h);
    if (!ok) throw Error(path + ": cannot sync (" + reason(error) + ")");
}

void replace_file(const std::string& from, const std::string& to) {
    if (!MoveFileExW(utf8_to_wide(from).c_str(), utf8_to_wide(to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        throw Error(to + ": cannot rename " + from + " into place (" + reason(GetLastError()) + ")");
}

}  // namespace peng
#endif
