#pragma once
// Writes a crash report when the app dies of a fatal signal (SIGSEGV, SIGABRT, SIGBUS,
// SIGFPE, SIGILL, SIGTRAP, SIGSYS): what happened, the versions, and the stack trace
// of the thread that crashed, resolved by backward-cpp (function names from the
// executable's symbols, files and lines where debug information is there), as
// <folder>/crash-<unix time>-<pid>.txt. The signal is then raised again, so the
// process ends as it would have (exit status, core dump). This is crash_handler.cpp;
// Windows has crash_handler_windows.cpp (structured exceptions, frames as module+offset).
#include <QString>

class CrashHandler {
public:
    // Installs the handler for this process; `about` (versions, build) heads each report.
    // False, with `error` set, when the folder cannot be created or a handler not set.
    static bool install(const QString& folder, const QString& about, QString* error);
    // Crashes on purpose (SIGSEGV; on Windows an access violation): PENG_TEST_CRASH=1
    // calls it once the window is up, so a test can check the report the real binary
    // writes. Not static, so its name is in the executable's exported symbols even
    // when the binary is stripped.
    [[noreturn]] static void crashForTest();
};
