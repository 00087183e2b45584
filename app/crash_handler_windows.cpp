// The crash handler on Windows (crash_handler.h): an unhandled structured exception
// (access violation, stack overflow, illegal instruction, ...) writes the report
// before Windows ends the process. Windows has no libdw: each frame of the crashing
// thread is given as its module and offset (e.g. peng.exe+0x1a2b3), which `addr2line
// -e peng.exe` or a debugger resolves against the build that shipped.
#include "crash_handler.h"

#include <QDir>

#include <windows.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

namespace {

// Prepared at install: in the filter nothing may depend on the heap being sound.
std::string g_folder;
std::string g_about;
constexpr DWORD kMaxFrames = 62;   // RtlCaptureStackBackTrace's limit on older Windows

const char* exception_name(DWORD code) {
    switch (code) {
        case EXCEPTION_ACCESS_VIOLATION: return "EXCEPTION_ACCESS_VIOLATION (invalid memory access)";
        case EXCEPTION_STACK_OVERFLOW: return "EXCEPTION_STACK_OVERFLOW";
        case EXCEPTION_ILLEGAL_INSTRUCTION: return "EXCEPTION_ILLEGAL_INSTRUCTION";
        case EXCEPTION_INT_DIVIDE_BY_ZERO: return "EXCEPTION_INT_DIVIDE_BY_ZERO";
        case EXCEPTION_IN_PAGE_ERROR: return "EXCEPTION_IN_PAGE_ERROR (a mapped file could not be read)";
        case EXCEPTION_PRIV_INSTRUCTION: return "EXCEPTION_PRIV_INSTRUCTION";
        case EXCEPTION_DATATYPE_MISALIGNMENT: return "EXCEPTION_DATATYPE_MISALIGNMENT";
        case EXCEPTION_BREAKPOINT: return "EXCEPTION_BREAKPOINT";
    }
    return "an unhandled exception";
}

void write_text(HANDLE file, const char* text) {
    DWORD written = 0;
    WriteFile(file, text, DWORD(std::strlen(text)), &written, nullptr);
}

// "module+0xoffset" for a code address, or the bare address outside any module.
void describe_address(const void* address, char* out, size_t size) {
    HMODULE module = nullptr;
    char path[MAX_PATH] = "";
    if (GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                           static_cast<LPCSTR>(address), &module) &&
        GetModuleFileNameA(module, path, sizeof path) > 0) {
        const char* name = std::strrchr(path, '\\');
        std::snprintf(out, size, "%s+0x%llx", name ? name + 1 : path,
                      static_cast<unsigned long long>(static_cast<const char*>(address) -
                                                      reinterpret_cast<const char*>(module)));
    } else {
        std::snprintf(out, size, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(address)));
    }
}

LONG WINAPI on_unhandled_exception(EXCEPTION_POINTERS* info) {
    const DWORD code = info->ExceptionRecord->ExceptionCode;
    const long long now = std::time(nullptr);   // one time for the file's name and its text
    char path[4096];
    std::snprintf(path, sizeof path, "%s\\crash-%lld-%lu.txt", g_folder.c_str(), now, GetCurrentProcessId());
    const HANDLE file = CreateFileA(path, GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file != INVALID_HANDLE_VALUE) {
        char line[1024], where[MAX_PATH + 32];
        describe_address(info->ExceptionRecord->ExceptionAddress, where, sizeof where);
        std::snprintf(line, sizeof line,
                      "Peng crash report\nexception: %s (0x%08lx) at %s\ntime: %lld (Unix seconds)\n",
                      exception_name(code), static_cast<unsigned long>(code), where, now);
        write_text(file, line);
        write_text(file, g_about.c_str());
        write_text(file, "\nStack trace of the crashing thread (module+offset, innermost first):\n");
        void* frames[kMaxFrames];
        const USHORT count = RtlCaptureStackBackTrace(0, kMaxFrames, frames, nullptr);
        for (USHORT i = 0; i < count && frames[i]; ++i) {   // a null frame: the walk left the stack
            describe_address(frames[i], where, sizeof where);
            std::snprintf(line, sizeof line, "#%-2u %s\n", unsigned(i), where);
            write_text(file, line);
        }
        CloseHandle(file);
        std::fprintf(stderr, "peng: crashed with %s; the report is %s\n", exception_name(code), path);
    }
    return EXCEPTION_CONTINUE_SEARCH;   // Windows then ends the process as it would have
}

}  // namespace

bool CrashHandler::install(const QString& folder, const QString& about, QString* error) {
    if (!QDir().mkpath(folder)) {
        if (error) *error = folder + QStringLiteral(": cannot create the crash report folder");
        return false;
    }
    g_folder = QDir::toNativeSeparators(QDir(folder).absolutePath()).toLocal8Bit().toStdString();
    g_about = about.toStdString();
    // Room for the filter to run after a stack overflow.
    ULONG guarantee = 64 * 1024;
    SetThreadStackGuarantee(&guarantee);
    SetUnhandledExceptionFilter(on_unhandled_exception);
    return true;
}

void CrashHandler::crashForTest() {
    RaiseException(EXCEPTION_ACCESS_VIOLATION, EXCEPTION_NONCONTINUABLE, 0, nullptr);
    std::abort();   // not reached: the filter reports, then Windows ends the process
}
