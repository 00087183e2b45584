// NativeFile on Windows (see native_file.h): a synchronous handle read at explicit
// offsets through OVERLAPPED, FILE_FLAG_NO_BUFFERING for unbuffered reads.
#ifdef _WIN32
#include <windows.h>

#include <malloc.h>

#include <algorithm>
#include <filesystem>

#include "platform/file_kind.h"
#include "platform/native_file.h"
#include "platform/windows_text.h"

namespace peng {

namespace {

std::string last_error_text() {
    const DWORD code = GetLastError();
    char* text = nullptr;
    FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, nullptr,
                   code, 0, reinterpret_cast<char*>(&text), 0, nullptr);
    std::string out = text ? text : "Windows error " + std::to_string(code);
    if (text) LocalFree(text);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == '.')) out.pop_back();
    return out;
}

HANDLE as_handle(intptr_t h) { return reinterpret_cast<HANDLE>(h); }

bool is_missing(DWORD code) { return code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND; }

}  // namespace

std::string regular_file_problem(const std::string& path) {
    const DWORD attributes = GetFileAttributesW(utf8_to_wide(path).c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES)
        return is_missing(GetLastError()) ? "does not exist" : "cannot be opened: " + last_error_text();
    if (attributes & FILE_ATTRIBUTE_DIRECTORY) return not_a_regular_file(std::filesystem::file_type::directory);
    return "";
}

bool path_exists(const std::string& path) {
    return GetFileAttributesW(utf8_to_wide(path).c_str()) != INVALID_FILE_ATTRIBUTES || !is_missing(GetLastError());
}

bool NativeFile::open(const std::string& path, bool unbuffered, std::string& error) {
    close();
    error = regular_file_problem(path);
    if (!error.empty()) return false;
    const DWORD flags = FILE_ATTRIBUTE_NORMAL | (unbuffered ? FILE_FLAG_NO_BUFFERING : FILE_FLAG_RANDOM_ACCESS);
    HANDLE h = CreateFileW(utf8_to_wide(path).c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                           nullptr, OPEN_EXISTING, flags, nullptr);
    if (h == INVALID_HANDLE_VALUE) {
        error = "cannot be opened: " + last_error_text();
        return false;
    }
    if (GetFileType(h) != FILE_TYPE_DISK) {  // a pipe, console or device (NUL, COM1): never read from
        error = "is a device or pipe, not a regular file";
        CloseHandle(h);
        return false;
    }
    handle_ = reinterpret_cast<intptr_t>(h);
    return true;
}

void NativeFile::close() {
    if (handle_ != kClosed) CloseHandle(as_handle(handle_));
    handle_ = kClosed;
}

bool NativeFile::regular_file_size(uint64_t& size, std::string& error) const {
    if (GetFileType(as_handle(handle_)) != FILE_TYPE_DISK) {
        error = "is a device or pipe, not a regular file";
        return false;
    }
    BY_HANDLE_FILE_INFORMATION info{};
    if (!GetFileInformationByHandle(as_handle(handle_), &info)) {
        error = "cannot stat: " + last_error_text();
        return false;
    }
    if (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
        error = not_a_regular_file(std::filesystem::file_type::directory);
        return false;
    }
    size = (uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
    return true;
}

int64_t NativeFile::read_at(void* dst, uint64_t bytes, uint64_t offset, std::string& error) const {
    // ReadFile takes a 32-bit count; 1 GiB chunks keep unbuffered reads aligned.
    const DWORD chunk = static_cast<DWORD>(std::min<uint64_t>(bytes, 1ULL << 30));
    OVERLAPPED at{};
    at.Offset = static_cast<DWORD>(offset);
    at.OffsetHigh = static_cast<DWORD>(offset >> 32);
    DWORD got = 0;
    if (::ReadFile(as_handle(handle_), dst, chunk, &got, &at)) return got;
    if (GetLastError() == ERROR_HANDLE_EOF) return 0;
    error = last_error_text();
    return -1;
}

bool is_regular_file(const std::string& path) {
    const DWORD attributes = GetFileAttributesW(utf8_to_wide(path).c_str());
    return attributes != INVALID_FILE_ATTRIBUTES && !(attributes & FILE_ATTRIBUTE_DIRECTORY);
}

void* allocate_aligned(uint64_t alignment, uint64_t bytes) { return _aligned_malloc(bytes, alignment); }

void free_aligned(void* p) { _aligned_free(p); }

// Large pages on Windows need a privilege desktop users lack: alignment only.
void* allocate_large(uint64_t bytes) { return allocate_aligned(bytes >= kHugePageBytes ? kHugePageBytes : 4096, bytes); }

}  // namespace peng
#endif
