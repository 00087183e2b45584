#include "platform/executable_path.h"

#include "util/error.h"

#ifdef _WIN32
#include <windows.h>

#include "platform/windows_text.h"
#else
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#endif

namespace peng {

#ifdef _WIN32

std::string executable_path() {
    std::wstring path(32768, L'\0');  // the longest path Windows allows
    const DWORD n = GetModuleFileNameW(nullptr, path.data(), DWORD(path.size()));
    if (n == 0 || n >= path.size()) throw Error("cannot find this program's own path");
    path.resize(n);
    return wide_to_utf8(path);
}

#else

std::string executable_path() {
    char path[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0) throw Error("cannot find this program's own path: " + std::string(std::strerror(errno)));
    return std::string(path, size_t(n));
}

#endif

}  // namespace peng
