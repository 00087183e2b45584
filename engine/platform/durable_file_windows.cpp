// sync_to_disk and replace_file on Windows (see durable_file.h).
#ifdef _WIN32
#include <windows.h>

#include "platform/durable_file.h"
#include "platform/windows_text.h"
#include "util/error.h"

namespace peng {

void sync_to_disk(const std::string& path) {
    // Directories cannot be flushed on Windows; MoveFileEx's write-through covers renames.
    const DWORD attributes = GetFileAttributesW(utf8_to_wide(path).c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY)) return;
    HANDLE h = CreateFileW(utf8_to_wide(path).c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE)
        throw Error(path + ": cannot open to sync (Windows error " + std::to_string(GetLastError()) + ")");
    const bool ok = FlushFileBuffers(h);
    const DWORD error = GetLastError();
    CloseHandle(h);
    if (!ok) throw Error(path + ": cannot sync (Windows error " + std::to_string(error) + ")");
}

void replace_file(const std::string& from, const std::string& to) {
    if (!MoveFileExW(utf8_to_wide(from).c_str(), utf8_to_wide(to).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        throw Error(to + ": cannot rename " + from + " into place (Windows error " + std::to_string(GetLastError()) +
                    ")");
}

}  // namespace peng
#endif
